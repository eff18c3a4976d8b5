import { createFileRoute } from '@tanstack/react-router';
import { DebugPage } from '../../features/debug/debug-page';
import type { SessionSummary } from '../../features/debug/debug-report';
import { useSession, useSessions } from '../../features/session/use-session';
import { pageHead } from '../../ui/page-title';

export const Route = createFileRoute('/_public/debug')({
  head: () => pageHead('Диагностика'),
  component: Debug,
});

function Debug() {
  const sessions = useSessions();
  const states = { general: useSession('general'), crm: useSession('crm'), cabinet: useSession('cabinet') };
  const summaries: SessionSummary[] = Object.entries(states).map(([context, state]) => ({
    context,
    status: state.status,
    role: state.role,
    email: state.user?.email ?? null,
    token: state.token,
  }));
  return <DebugPage sessions={summaries} store={sessions.store} />;
}
