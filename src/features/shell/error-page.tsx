/** What a route shows when it fails to load or render; a missing chunk after a deploy asks for a reload. */
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { button } from '../../ui/button';
import * as page from '../../ui/page.css';
import { isMissingChunkError } from './chunk-reload';

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const missingChunk = isMissingChunkError(error);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <section className={page.stack} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {missingChunk ? 'Не удалось загрузить страницу' : 'Что-то пошло не так'}
      </h1>
      <p className={page.muted}>
        {missingChunk
          ? 'Возможно, вышла новая версия приложения или пропала связь. Обновите страницу.'
          : 'Попробуйте ещё раз. Если ошибка повторится, обновите страницу.'}
      </p>
      <p>
        {missingChunk ? null : (
          <button type="button" className={button({ tone: 'primary' })} onClick={retry}>
            Попробовать снова
          </button>
        )}{' '}
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => window.location.reload()}
        >
          Обновить страницу
        </button>
      </p>
    </section>
  );
}
