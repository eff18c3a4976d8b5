import { createFileRoute } from '@tanstack/react-router';
import { LEGAL_PAGE_TITLES } from '../../domain/legal-pages';
import { LegalDocumentPage } from '../../features/legal/legal-document-page';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/_public/offer')({
  head: () => pageHead(LEGAL_PAGE_TITLES.offer),
  component: () => <LegalDocumentPage kind="offer" />,
});
