/**
 * /crm/users (ADMIN): staff invitations (invite-staff.tsx), the access requests waiting for a
 * decision, then the users — searched by
 * email, login, name or phone and filtered by role on the server (GET /api/user/list), a page at
 * a time — each managed in a panel (role, partner, block, login and password, history,
 * deletion). Lists are read through the stored copy, so they open offline with their age;
 * changes need the network and say so.
 */
import { type FormEvent, useState } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import { ROLE_LABELS, ROLES, type Role } from '../../domain/roles';
import { button } from '../../ui/button';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import { useNotices } from '../../ui/widgets/notices';
import { Pagination } from '../../ui/widgets/pagination';
import { AccessRequests } from './access-requests';
import { InviteStaff } from './invite-staff';
import { UserList } from './user-list';
import { UserPanel } from './user-panel';
import { USERS_PAGE_SIZE, type User } from './user-rules';
import * as styles from './users.css';

export interface UsersPageProps {
  /** The signed-in admin, whose own account offers no role, block or delete. */
  self: { id: number | null; email: string | null };
}

interface View {
  search: string;
  role: Role | '';
  page: number;
}

const count = new Intl.NumberFormat('ru-RU');

export function UsersPage({ self }: UsersPageProps) {
  const { notify } = useNotices();
  const [view, setView] = useState<View>({ search: '', role: '', page: 1 });
  const [typed, setTyped] = useState({ search: '', role: '' });
  const [managedId, setManagedId] = useState<number | null>(null);
  // An account erased from the panel: shown with its record though the search no longer finds it.
  const [erased, setErased] = useState<User | null>(null);
  const query = useCachedQuery('/api/user/list', {
    params: {
      query: {
        ...(view.search ? { search: view.search } : {}),
        ...(view.role ? { role: view.role } : {}),
        limit: USERS_PAGE_SIZE,
        offset: (view.page - 1) * USERS_PAGE_SIZE,
      },
    },
  });
  const list = query.data;
  const managed =
    list?.items.find((user) => user.id === managedId) ?? (erased?.id === managedId ? erased : null);
  const isSelf = (user: { id: number; email: string | null }) =>
    self.id !== null ? user.id === self.id : user.email !== null && user.email === self.email;

  function search(event: FormEvent) {
    event.preventDefault();
    setView({ search: typed.search.trim(), role: typed.role as Role | '', page: 1 });
  }

  async function changed(text: string) {
    notify(text, 'success');
    await query.refetch();
  }

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <div className={page.titleRow}>
        <h1 id="page-title" className={page.title}>
          Пользователи
        </h1>
        <DataFreshness of={query} />
      </div>
      <InviteStaff offline={query.isOffline} onInvited={changed} />
      <AccessRequests offline={query.isOffline} onDecided={changed} />
      <search aria-label="Поиск пользователей">
        <form className={styles.filters} onSubmit={search}>
          <TextField
            id="users-search"
            label="Поиск"
            hint="Email, логин, имя или телефон"
            type="search"
            maxLength={100}
            value={typed.search}
            onValueChange={(search) => setTyped((current) => ({ ...current, search }))}
          />
          <SelectField
            id="users-role"
            label="Роль"
            value={typed.role}
            placeholder="Все роли"
            options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
            onValueChange={(role) => {
              setTyped((current) => ({ ...current, role }));
              setView((current) => ({ ...current, role: role as Role | '', page: 1 }));
            }}
          />
          <button type="submit" className={button({ tone: 'primary' })}>
            Найти
          </button>
        </form>
      </search>
      <LoadingState what="пользователей" {...loadingOf(query)}>
        {list ? (
          <>
            <p aria-live="polite" className={page.muted}>
              Найдено: {count.format(list.total)}
              {query.isFetching ? ' · Обновляем…' : ''}
            </p>
            {query.error && !query.isOffline ? (
              <p role="alert" className={page.errorText}>
                {query.error.message}
              </p>
            ) : null}
            <UserList
              users={list.items}
              emptyText={
                view.search || view.role ? 'Никого не нашли. Измените условия поиска.' : 'Нет данных'
              }
              onManage={(user) => setManagedId(user.id)}
            />
            <Pagination
              label="Страницы пользователей"
              page={view.page}
              pageCount={Math.ceil(list.total / USERS_PAGE_SIZE)}
              onPageChange={(next) => setView((current) => ({ ...current, page: next }))}
            />
          </>
        ) : null}
      </LoadingState>
      <UserPanel
        user={managed}
        isSelf={managed ? isSelf(managed) : false}
        offline={query.isOffline}
        onClose={() => setManagedId(null)}
        onChanged={changed}
        onErased={async (shell, text) => {
          setErased(shell);
          await changed(text);
        }}
        onDeleted={(text) => {
          setManagedId(null);
          notify(text, 'success');
          void query.refetch();
        }}
      />
    </section>
  );
}
