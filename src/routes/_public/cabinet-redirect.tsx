import { createFileRoute, redirect } from '@tanstack/react-router';

/** A fixed link into the cabinet (e-mails, the installed app); the target's own guard decides the rest. */
export const Route = createFileRoute('/_public/cabinet-redirect')({
  beforeLoad: () => {
    throw redirect({ to: '/cabinet/orders', replace: true });
  },
});
