/**
 * Everything an admin does to one user, in the slide-over beside the list: role, partner, block,
 * login and password, a customer's personal data on a written request (its copy, its erasure),
 * history, deletion. An erased account shows only the erasure's record and its history. Each action is its own small form; after one the list
 * and the history are asked for again and a notice says what changed. The admin's own account
 * offers none of the actions the server refuses for it (role, partner, block, deletion).
 */
import { type ReactNode, useState } from 'react';
import { ROLE_LABELS } from '../../domain/roles';
import * as page from '../../ui/page.css';
import { SlideOver } from '../../ui/widgets/slide-over';
import { BlockForm } from './block-form';
import { CredentialsForm } from './credentials-form';
import { DeleteUser } from './delete-user';
import { PartnerForm } from './partner-form';
import { PersonalDataActions } from './personal-data-actions';
import { RoleForm } from './role-form';
import { UserHistory } from './user-history';
import { type User, userName } from './user-rules';
import * as styles from './users.css';

export interface UserPanelProps {
  user: User | null;
  isSelf: boolean;
  offline: boolean;
  onClose: () => void;
  /** After a change: the list is refreshed and the notice shown. */
  onChanged: (text: string) => Promise<void>;
  onDeleted: (text: string) => void;
  /** A customer's data was erased: the account as it is now (a search may no longer find it). */
  onErased: (shell: User, text: string) => Promise<void>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

export function UserPanel({
  user,
  isSelf,
  offline,
  onClose,
  onChanged,
  onDeleted,
  onErased,
}: UserPanelProps) {
  const [version, setVersion] = useState(0);
  const changed = async (text: string) => {
    await onChanged(text);
    setVersion((n) => n + 1);
  };
  return (
    <SlideOver
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={user ? userName(user) : ''}
      description={user ? `${ROLE_LABELS[user.role]}${user.email ? ` · ${user.email}` : ''}` : undefined}
    >
      {user ? (
        // Keyed by the user: another user's panel starts with fresh forms.
        <div className={page.stack} key={user.id}>
          {user.erasure ? (
            <Section title="Персональные данные">
              <PersonalDataActions user={user} offline={offline} onErased={onErased} />
            </Section>
          ) : isSelf ? (
            <p className={page.muted}>
              Это ваша учётная запись: роль, партнёра, блокировку и удаление меняет другой администратор.
            </p>
          ) : (
            <>
              <Section title="Роль">
                <RoleForm user={user} offline={offline} onChanged={changed} />
              </Section>
              <Section title="Партнёр">
                <PartnerForm user={user} offline={offline} onChanged={changed} />
              </Section>
              <Section title={user.isBlocked ? 'Разблокировка' : 'Блокировка'}>
                <BlockForm user={user} offline={offline} onChanged={changed} />
              </Section>
            </>
          )}
          {user.erasure ? null : (
            <Section title="Вход по логину и паролю">
              <CredentialsForm user={user} offline={offline} onChanged={changed} />
            </Section>
          )}
          {user.role === 'USER' && !user.erasure ? (
            <Section title="Персональные данные">
              <PersonalDataActions
                user={user}
                offline={offline}
                onErased={async (shell, text) => {
                  await onErased(shell, text);
                  setVersion((n) => n + 1);
                }}
              />
            </Section>
          ) : null}
          <Section title="История изменений">
            {/* A new key after each change: the history is asked for again. */}
            <UserHistory key={version} userId={user.id} />
          </Section>
          {isSelf || user.erasure ? null : (
            <Section title="Удаление">
              <DeleteUser user={user} offline={offline} onDeleted={onDeleted} />
            </Section>
          )}
        </div>
      ) : null}
    </SlideOver>
  );
}
