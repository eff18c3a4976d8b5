/**
 * How old the data on screen is: «Данные от 22 нояб., 14:05», and offline «Нет сети — показаны
 * сохранённые данные» so nobody mistakes a stored copy for live data.
 */
import { formatDateTime } from '../domain/format';
import * as styles from './data-freshness.css';

export interface DataFreshnessProps {
  fetchedAt: number | undefined;
  isOffline: boolean;
}

export const OFFLINE_DATA_TEXT = 'Нет сети — показаны сохранённые данные';

export function freshnessText(fetchedAt: number): string {
  return `Данные от ${formatDateTime(fetchedAt)}`;
}

export function DataFreshness({ fetchedAt, isOffline }: DataFreshnessProps) {
  if (fetchedAt === undefined) return null;
  return (
    <p className={styles.line[isOffline ? 'true' : 'false']}>
      {isOffline ? `${OFFLINE_DATA_TEXT}. ` : null}
      <time dateTime={new Date(fetchedAt).toISOString()}>{freshnessText(fetchedAt)}</time>
    </p>
  );
}
