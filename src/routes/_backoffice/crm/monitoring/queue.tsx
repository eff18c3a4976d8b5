import { createFileRoute } from '@tanstack/react-router';
import { QueuePage } from '../../../../features/monitoring/queue-page';
import { parseQueueView, queueSearch } from '../../../../features/monitoring/queue-view';
import { useSession } from '../../../../features/session/use-session';
import { pageHead } from '../../../../ui/page-title';

/** The view in the address, as it came: the page reads it (bad values become the default view). */
type RawQueueSearch = { status?: unknown; page?: unknown; queue?: unknown; order?: unknown };

export const Route = createFileRoute('/_backoffice/crm/monitoring/queue')({
  head: () => pageHead('Очередь автоматизации'),
  staticData: { permission: 'view_orders', roles: ['ADMIN'] },
  validateSearch: (raw: Record<string, unknown>): RawQueueSearch => raw,
  component: Page,
});

function Page() {
  const { role } = useSession('crm');
  const navigate = Route.useNavigate();
  return (
    <QueuePage
      role={role}
      view={parseQueueView(Route.useSearch())}
      onViewChange={(view) => void navigate({ search: queueSearch(view) })}
    />
  );
}
