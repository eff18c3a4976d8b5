import { createFileRoute } from '@tanstack/react-router';
import { LegalDocumentsPage } from '../../../features/legal/documents-page';
import { pageHead } from '../../../ui/page-title';

export const Route = createFileRoute('/_backoffice/crm/documents')({
  head: () => pageHead('Документы для клиентов'),
  // Only an ADMIN publishes what customers agree to; anyone else who types the address gets /no-access.
  staticData: { roles: ['ADMIN'] },
  component: LegalDocumentsPage,
});
