/** A message pinned to the bottom of the screen with its actions (new version, database upgrade). */
import type { ReactNode } from 'react';
import * as styles from './toast.css';

export function ToastRegion({ children }: { children: ReactNode }) {
  return <div className={styles.region}>{children}</div>;
}

export function Toast({ role = 'status', children }: { role?: 'status' | 'alert'; children: ReactNode }) {
  return (
    <div className={styles.toast} role={role}>
      {children}
    </div>
  );
}
