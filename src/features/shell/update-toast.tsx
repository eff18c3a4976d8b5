/** The «Доступна новая версия» notice; «Позже» hides it until the next visit. */
import { useState } from 'react';
import { button } from '../../ui/button';
import { Toast } from '../../ui/toast';

export function UpdateToast({ onUpdate }: { onUpdate: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <Toast>
      <span>Доступна новая версия</span>
      <button type="button" className={button({ tone: 'secondary' })} onClick={onUpdate}>
        Обновить
      </button>
      <button type="button" className={button({ tone: 'secondary' })} onClick={() => setDismissed(true)}>
        Позже
      </button>
    </Toast>
  );
}
