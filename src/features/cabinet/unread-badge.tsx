/** The unread count beside «Уведомления» in the cabinet menu (the count comes from the route). */
import { countOf } from '../../domain/format';
import * as styles from './unread-badge.css';

const UNREAD = ['непрочитанное', 'непрочитанных', 'непрочитанных'] as const;

/** «3» in a pill, read out as «3 непрочитанных»; nothing when all are read. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden"> ({countOf(count, UNREAD)})</span>
    </span>
  );
}
