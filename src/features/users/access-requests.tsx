/**
 * Requests for back-office access (GET /api/admin/access-requests, pending ones): each with its
 * email, name and reason, approved with a login and a staff role, or rejected with a reason. The
 * requester is emailed either way; an approved one signs in at /login with a code sent to their
 * email (or a password an admin sets).
 */
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDateTime } from '../../domain/format';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import { ApproveForm, RejectForm } from './access-request-forms';
import type { AccessRequest } from './user-rules';
import * as styles from './users.css';

export interface AccessRequestsProps {
  offline: boolean;
  onDecided: (text: string) => Promise<void>;
}

export function AccessRequests({ offline, onDecided }: AccessRequestsProps) {
  const query = useCachedQuery('/api/admin/access-requests', { params: { query: { status: 'PENDING' } } });
  const requests = query.data;
  const decided = async (text: string) => {
    await query.refetch();
    await onDecided(text);
  };
  return (
    <section className={page.card} aria-labelledby="access-requests-title">
      <h2 id="access-requests-title" className={page.subtitle}>
        Заявки на доступ{' '}
        {requests && requests.length > 0 ? (
          <span className={styles.badge.pending}>{requests.length}</span>
        ) : null}
      </h2>
      <LoadingState what="заявки на доступ" {...loadingOf(query)}>
        {requests && requests.length === 0 ? <p className={page.muted}>Новых заявок нет</p> : null}
        {requests && requests.length > 0 ? (
          <ul className={page.cardList}>
            {requests.map((request) => (
              <li key={request.id} className={page.compactCard}>
                <RequestCard request={request} offline={offline} onDecided={decided} />
              </li>
            ))}
          </ul>
        ) : null}
      </LoadingState>
    </section>
  );
}

function RequestCard({
  request,
  offline,
  onDecided,
}: {
  request: AccessRequest;
  offline: boolean;
  onDecided: (text: string) => Promise<void>;
}) {
  return (
    <article aria-label={`Заявка ${request.email}`} className={styles.requestActions}>
      <div className={styles.who}>
        <span className={styles.name}>{request.name}</span>
        <span>{request.email}</span>
        <span className={page.muted}>
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        </span>
      </div>
      <p>{request.reason}</p>
      <ApproveForm request={request} offline={offline} onDecided={onDecided} />
      <RejectForm request={request} offline={offline} onDecided={onDecided} />
    </article>
  );
}
