import { createFileRoute, redirect } from '@tanstack/react-router';

/** A fixed link into a partner's orders (e-mails, the installed app); the target's own guard decides the rest. */
export const Route = createFileRoute('/_public/partner-redirect')({
  beforeLoad: () => {
    throw redirect({ to: '/crm/orders', replace: true });
  },
});
