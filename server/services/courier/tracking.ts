/** Where a customer follows a parcel by its tracking number. */
export function trackingUrl(service: string, trackingNumber: string): string | null {
  if (service !== 'cdek') return null;
  return `https://www.cdek.ru/ru/tracking?order_id=${encodeURIComponent(trackingNumber)}`;
}
