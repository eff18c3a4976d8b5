/** The users' rows: who they are, their role, partner and state, and the button to manage them. */
import { formatDate, formatDateTime } from '../../domain/format';
import { ROLE_LABELS } from '../../domain/roles';
import { button } from '../../ui/button';
import * as page from '../../ui/page.css';
import { type User, userName } from './user-rules';
import * as styles from './users.css';

export interface UserListProps {
  users: readonly User[];
  emptyText: string;
  onManage: (user: User) => void;
}

export function UserList({ users, emptyText, onManage }: UserListProps) {
  if (users.length === 0) return <p className={page.muted}>{emptyText}</p>;
  return (
    <ul className={page.cardList} aria-label="Пользователи">
      {users.map((user) => (
        <li key={user.id} className={page.compactCard}>
          <div className={styles.row}>
            <div className={styles.who}>
              <span className={styles.name}>{userName(user)}</span>
              {user.email && userName(user) !== user.email ? <span>{user.email}</span> : null}
              {user.phoneNumber ? <span>{user.phoneNumber}</span> : null}
            </div>
            <div className={styles.facts}>
              <span className={styles.badge.role}>{ROLE_LABELS[user.role]}</span>
              {user.role === 'PARTNER' && (user.partnerName || user.partnerId) ? (
                <span>{user.partnerName ?? `Партнёр № ${user.partnerId}`}</span>
              ) : null}
              {user.isBlocked ? <span className={styles.badge.blocked}>Заблокирован</span> : null}
              {user.erasure ? (
                <span className={styles.badge.erased}>
                  Данные удалены {formatDate(user.erasure.erasedAt)}
                </span>
              ) : null}
              {user.login ? <span>Логин: {user.login}</span> : null}
              <span>{user.lastLoginAt ? `Вход ${formatDateTime(user.lastLoginAt)}` : 'Ещё не входил'}</span>
            </div>
            <div>
              <button
                type="button"
                className={button({ tone: 'secondary' })}
                aria-label={`Управлять: ${userName(user)}`}
                onClick={() => onManage(user)}
              >
                Управлять
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
