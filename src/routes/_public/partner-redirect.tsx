import { createFileRoute } from '@tanstack/react-router';

/** A fixed link into a partner's orders: the orders, or the staff login first. */
export const Route = createFileRoute('/_public/partner-redirect')({
  beforeLoad: (options): Promise<void> =>
    import('../-shared/guards').then((guards) => guards.goToHelperTarget('partner', options)),
});
