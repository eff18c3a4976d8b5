/**
 * /profile (staff) and /cabinet/profile (customer): the signed-in user's profile from
 * GET /api/profile, shown from the stored copy first (with its age, and offline), edited with
 * PATCH /api/profile. Staff also change their email (proved by a code) and their password (giving
 * the current one) here; customers see their consents and their data («Ваши данные»: download it,
 * or delete the account).
 */
import type { AuthContext } from '../../api/context';
import { useDataLayer } from '../../api/data-layer';
import type { components } from '../../api/schema.gen';
import { useCachedQuery } from '../../api/use-cached-query';
import { ROLE_LABELS } from '../../domain/roles';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { EmailForm } from './email-form';
import { MyConsents } from './my-consents';
import { MyData } from './my-data';
import { PasswordForm } from './password-form';
import * as styles from './profile.css';
import { ProfileForm, type ProfileUpdate } from './profile-form';

type Profile = components['schemas']['Profile'];

export interface ProfilePageProps {
  kind: AuthContext;
  /** The saved profile, so the session's stored contacts follow. */
  onSaved?: (profile: Profile) => void;
  /** The cabinet's account was deleted: its sessions are over. */
  onAccountErased?: () => void;
}

export function ProfilePage({ kind, onSaved, onAccountErased }: ProfilePageProps) {
  const { api } = useDataLayer();
  const query = useCachedQuery('/api/profile', { kind });
  const profile = query.data?.profile;

  async function save(update: ProfileUpdate) {
    const { data } = await api.client.PATCH('/api/profile', { body: update, kind });
    if (data?.profile) onSaved?.(data.profile);
    await query.refetch();
  }

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        Профиль
      </h1>
      <DataFreshness of={query} />
      {profile ? (
        <>
          <dl className={`${page.card} ${styles.facts}`}>
            <div>
              <dt className={page.muted}>Email</dt>
              <dd>{profile.email ?? 'не указан'}</dd>
            </div>
            <div>
              <dt className={page.muted}>Роль</dt>
              <dd>{ROLE_LABELS[profile.role]}</dd>
            </div>
            {profile.organization ? (
              <div>
                <dt className={page.muted}>Организация</dt>
                <dd>
                  {profile.organization.name}, ИНН {profile.organization.inn}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className={page.card}>
            <h2 className={page.subtitle}>Личные данные</h2>
            <ProfileForm
              key={query.isStale ? 'stored' : 'confirmed'}
              profile={profile}
              offline={query.isOffline}
              onSave={save}
            />
          </div>
          {kind === 'crm' ? (
            <>
              <div className={page.card}>
                <h2 className={page.subtitle}>Email</h2>
                <EmailForm
                  offline={query.isOffline}
                  onChanged={(changed) => {
                    onSaved?.(changed);
                    void query.refetch();
                  }}
                />
              </div>
              <div className={page.card}>
                <h2 className={page.subtitle}>Пароль</h2>
                {profile.hasPassword ? (
                  <PasswordForm offline={query.isOffline} />
                ) : (
                  <p className={page.muted}>Пароль ещё не задан — его задаёт администратор.</p>
                )}
              </div>
            </>
          ) : (
            <>
              <MyConsents />
              <MyData
                offline={query.isOffline}
                canErase={profile.role === 'USER'}
                onErased={() => onAccountErased?.()}
              />
            </>
          )}
        </>
      ) : (
        <QueryState what="профиль" error={query.error} onRetry={() => void query.refetch()} />
      )}
    </section>
  );
}
