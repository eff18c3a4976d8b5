import { createFileRoute } from '@tanstack/react-router';

/** A fixed link into the back office: the role's first page, or the staff login first. */
export const Route = createFileRoute('/_public/admin-redirect')({
  beforeLoad: (options): Promise<void> =>
    import('../-shared/guards').then((guards) => guards.goToHelperTarget('admin', options)),
});
