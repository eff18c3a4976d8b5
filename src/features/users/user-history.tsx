/** A user's history (GET /api/user/{id}/history): who changed what and when, newest first. */
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDateTime } from '../../domain/format';
import { ROLE_LABELS } from '../../domain/roles';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import { CHANGE_FIELD_LABELS, changeText } from './user-rules';
import * as styles from './users.css';

/** The panel remounts it (a new key) after each of its actions, so the list is asked for again. */
export function UserHistory({ userId }: { userId: number }) {
  const query = useCachedQuery('/api/user/{id}/history', { params: { path: { id: userId } } });
  const changes = query.data;
  return (
    <LoadingState what="историю изменений" {...loadingOf(query)}>
      {changes && changes.length === 0 ? <p className={page.muted}>Изменений пока не было</p> : null}
      {changes && changes.length > 0 ? (
        <ol className={styles.history} aria-label="История изменений">
          {changes.map((change) => (
            <li key={change.id} className={styles.historyItem}>
              <span>
                <strong>{CHANGE_FIELD_LABELS[change.field]}:</strong> {changeText(change)}
              </span>
              {change.comment ? <span>Причина: {change.comment}</span> : null}
              <span className={page.muted}>
                <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time>
                {' · '}
                {change.actorEmail ?? 'система'}
                {change.actorRole ? ` (${ROLE_LABELS[change.actorRole]})` : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </LoadingState>
  );
}
