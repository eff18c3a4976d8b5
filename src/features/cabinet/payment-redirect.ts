/** Leaves the app for the payment provider's page (a full navigation: it is another site or the server's page). */
export function openPaymentPage(url: string): void {
  window.location.assign(url);
}
