/** The header's sign-in line: the user's email (a link to the profile where there is one) and «Выйти». */
import { Link, type LinkProps } from '@tanstack/react-router';
import { useState } from 'react';
import * as styles from './session-header.css';

export interface SessionHeaderProps {
  email: string | null;
  onLogout: () => Promise<void>;
  /** The user's profile page: the email becomes its link. */
  profile?: LinkProps['to'];
}

export function SessionHeader({ email, onLogout, profile }: SessionHeaderProps) {
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await onLogout();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.line}>
      {email ? <SessionEmail email={email} profile={profile} className={styles.email} /> : null}
      <button type="button" className={styles.logout} disabled={busy} onClick={() => void logout()}>
        Выйти
      </button>
    </div>
  );
}

/**
 * The line under the brand: the area's name from tablet width; on a phone the signed-in address
 * in its place, since the header's right side there holds only «Меню» and «Выйти».
 */
export function AreaName({
  title,
  email,
  profile,
}: {
  title: string;
  email: string | null;
  profile?: LinkProps['to'];
}) {
  return (
    <>
      <span className={email ? styles.areaTitle : undefined}>{title}</span>
      {email ? <SessionEmail email={email} profile={profile} className={styles.phoneEmail} /> : null}
    </>
  );
}

/** The signed-in address, cut with an ellipsis when long (the whole of it in the tooltip). */
export function SessionEmail({
  email,
  profile,
  className,
}: {
  email: string;
  profile?: LinkProps['to'];
  className: string;
}) {
  if (!profile) {
    return (
      <span className={className} title={email}>
        {email}
      </span>
    );
  }
  return (
    <Link to={profile} className={`${className} ${styles.profileLink}`} title={`Профиль: ${email}`}>
      <span className="visually-hidden">Профиль: </span>
      {email}
    </Link>
  );
}
