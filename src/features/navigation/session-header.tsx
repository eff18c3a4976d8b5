/** The header's sign-in line: the user's email and «Выйти». */
import { useState } from 'react';
import * as styles from './session-header.css';

export interface SessionHeaderProps {
  email: string | null;
  onLogout: () => Promise<void>;
}

export function SessionHeader({ email, onLogout }: SessionHeaderProps) {
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
      {email ? (
        <span className={styles.email} title={email}>
          {email}
        </span>
      ) : null}
      <button type="button" className={styles.logout} disabled={busy} onClick={() => void logout()}>
        Выйти
      </button>
    </div>
  );
}
