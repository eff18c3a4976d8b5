/**
 * What a data screen shows while it has no data yet: «Загружаем …», or why it failed with a
 * «Повторить» button. A screen with data (even an old copy) shows the data instead.
 */
import { button } from './button';
import * as page from './page.css';

export interface QueryStateProps {
  /** What is loading, in the accusative: «каталог», «профиль». */
  what: string;
  error: { message: string } | null | undefined;
  onRetry: () => void;
}

export function QueryState({ what, error, onRetry }: QueryStateProps) {
  if (!error) {
    return (
      <p role="status" className={page.muted}>
        Загружаем {what}…
      </p>
    );
  }
  return (
    <div role="alert" className={page.card}>
      <p>
        Не удалось загрузить {what}. {error.message}
      </p>
      <p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={onRetry}>
          Повторить
        </button>
      </p>
    </div>
  );
}
