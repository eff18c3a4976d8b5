/**
 * The monitoring area's tabs (docs/back-office-screens.md): orders for ADMIN and MANAGER; the
 * automation queue and the periodic jobs for ADMIN only — a MANAGER does not see them at all.
 */
import { Link } from '@tanstack/react-router';
import * as styles from './monitoring.css';

export type MonitoringTab = 'orders' | 'queue' | 'cron';

export function MonitoringTabs({ role, current }: { role: string | null; current: MonitoringTab }) {
  const tabs = [
    { id: 'orders', to: '/crm/monitoring', label: 'Заказы' },
    ...(role === 'ADMIN'
      ? [
          { id: 'queue', to: '/crm/monitoring/queue', label: 'Очередь автоматизации' },
          { id: 'cron', to: '/crm/monitoring/cron', label: 'Периодические задачи' },
        ]
      : []),
  ] as const;
  return (
    <nav aria-label="Разделы мониторинга">
      <ul className={styles.tabs}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              className={styles.tab}
              activeOptions={{ exact: true }}
              aria-current={tab.id === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
