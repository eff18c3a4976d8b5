/** The smallest valid POST /api/order body: one seeded document, collected at the office. */
export function officeOrderBody(email: string) {
  return {
    name: 'Анна Смирнова',
    phoneNumber: '+7 916 123-45-67',
    email,
    originalLanguage: 'ru',
    targetLanguage: 'en',
    orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
    payerType: 'INDIVIDUAL',
    deliveryType: 'OFFICE',
    personalDataConsent: true,
  };
}

/** Two documents, one with an assurance, to a partner's pickup point: the bench's order too. */
export function pickupOrderBody(email: string, changes: Record<string, unknown> = {}) {
  return {
    ...officeOrderBody(email),
    orderDocuments: [
      { documentId: 1, quantity: 2, assuranceIds: [1] },
      { documentId: 2, quantity: 1, assuranceIds: [] },
    ],
    deliveryType: 'PICKUP_POINT',
    deliveryId: 2,
    pickupPointId: 1,
    ...changes,
  };
}
