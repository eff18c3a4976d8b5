import { createFileRoute } from '@tanstack/react-router';

/** A fixed link into the cabinet (e-mails, the installed app): the orders, or the cabinet login first. */
export const Route = createFileRoute('/_public/cabinet-redirect')({
  beforeLoad: (options): Promise<void> =>
    import('../-shared/guards').then((guards) => guards.goToHelperTarget('cabinet', options)),
});
