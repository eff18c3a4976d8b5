/**
 * What the user sees when the app database is upgraded under this tab (another tab or a new
 * version holds a newer schema: this tab must reload) or when our upgrade waits for old tabs.
 */
import { useEffect, useState } from 'react';
import { type DatabaseEvent, onDatabaseEvent } from '../../db/app-db';
import { button } from '../../ui/button';
import { Toast } from '../../ui/toast';

export function DatabaseNotice() {
  const [event, setEvent] = useState<DatabaseEvent | null>(null);
  useEffect(
    () => onDatabaseEvent((next) => setEvent((current) => (current === 'versionchange' ? current : next))),
    [],
  );
  if (event === 'blocked') {
    return (
      <Toast role="alert">Закройте другие вкладки этого сайта, чтобы завершить обновление данных.</Toast>
    );
  }
  if (event === 'versionchange') {
    return (
      <Toast role="alert">
        <span>Приложение обновилось в другой вкладке. Перезагрузите страницу.</span>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => window.location.reload()}
        >
          Перезагрузить
        </button>
      </Toast>
    );
  }
  return null;
}
