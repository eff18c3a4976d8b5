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
  };
}
