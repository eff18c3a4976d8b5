import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';
import { pageHead } from '../../../ui/page-title';
export const Route = createFileRoute('/_backoffice/crm/offices')({
  head: () => pageHead('Офисы'),
  component: () => <ComingSoon title="Офисы" />,
});
