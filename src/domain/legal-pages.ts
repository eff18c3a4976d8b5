/**
 * The customer documents' kinds, public addresses and page titles: all that the router's route
 * heads and the form's links need. Kept apart from legal-documents.ts because a module shared by
 * the first bundle and a lazy page lands whole in the first bundle: the texts' parser and the
 * messages stay out of step 1's JavaScript this way.
 */
export const LEGAL_DOCUMENT_KINDS = ['consent', 'privacy', 'offer'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

export const LEGAL_DOCUMENT_PATHS: Record<LegalDocumentKind, '/consent' | '/privacy' | '/offer'> = {
  consent: '/consent',
  privacy: '/privacy',
  offer: '/offer',
};

/** The pages' titles before the text arrives (the routes' heads). */
export const LEGAL_PAGE_TITLES: Record<LegalDocumentKind, string> = {
  consent: 'Согласие на обработку персональных данных',
  privacy: 'Политика обработки персональных данных',
  offer: 'Публичная оферта',
};

/** Whether a page address is one of the documents' pages (the server sends them as HTML). */
export const isLegalPagePath = (pathname: string) =>
  (Object.values(LEGAL_DOCUMENT_PATHS) as string[]).includes(pathname);
