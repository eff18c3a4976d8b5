import { createFileRoute, redirect } from '@tanstack/react-router';

// Addition: /crm alone opens the back office's first screen, as /cabinet opens the cabinet's.
export const Route = createFileRoute('/_backoffice/crm/')({
  beforeLoad: () => {
    throw redirect({ to: '/crm/home', replace: true });
  },
});
