/**
 * «Начать заново»: empties every step and the stored files. Asks once more inline (not with the
 * browser's confirm box) because the draft may hold an hour of typing and uploads.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { button } from '../../ui/button';
import * as styles from './order-form.css';

export function RestartDraft({ onRestart }: { onRestart: () => Promise<void> }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className={styles.restart}>
        <button type="button" className={button({ tone: 'secondary' })} onClick={() => setAsking(true)}>
          Начать заново
        </button>
      </div>
    );
  }
  return (
    <div className={styles.restart}>
      <p>Очистить все шаги и выбранные файлы?</p>
      <button
        type="button"
        className={button({ tone: 'primary' })}
        onClick={() => {
          setAsking(false);
          void onRestart().then(() => navigate({ to: '/order/step-1' }));
        }}
      >
        Да, очистить
      </button>
      <button
        type="button"
        className={button({ tone: 'secondary' })}
        // biome-ignore lint/a11y/noAutofocus: the question just appeared in place of the button pressed
        autoFocus
        onClick={() => setAsking(false)}
      >
        Отмена
      </button>
    </div>
  );
}
