import { createFileRoute, redirect } from '@tanstack/react-router';

/** A fixed link into the back office (e-mails, the installed app); the target's own guard decides the rest. */
export const Route = createFileRoute('/_public/admin-redirect')({
  beforeLoad: () => {
    throw redirect({ to: '/crm/home', replace: true });
  },
});
