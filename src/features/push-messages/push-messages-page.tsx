/**
 * /crm/push-notifications (ADMIN, MANAGER): write a message to the app's users and see the
 * messages sent before with their delivery counts (read through the stored copy, so the list
 * opens offline with its age; sending needs the network).
 */
import { useState } from 'react';
import { useCachedQuery } from '../../api/use-cached-query';
import { DataFreshness } from '../../ui/data-freshness';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import { Pagination } from '../../ui/widgets/pagination';
import { ComposeForm } from './compose-form';
import * as styles from './push-messages.css';
import { SENT_PAGE_SIZE } from './push-rules';
import { SentList } from './sent-list';

export function PushMessagesPage() {
  const [pageNumber, setPageNumber] = useState(1);
  const query = useCachedQuery('/api/notifications/sent', {
    params: { query: { limit: SENT_PAGE_SIZE, offset: (pageNumber - 1) * SENT_PAGE_SIZE } },
  });
  const list = query.data;

  return (
    <section className={page.stack} aria-labelledby="page-title">
      <div className={page.titleRow}>
        <h1 id="page-title" className={page.title}>
          Push-уведомления
        </h1>
        <DataFreshness of={query} />
      </div>
      <section className={page.card} aria-labelledby="compose-title">
        <h2 id="compose-title" className={page.subtitle}>
          Новое сообщение
        </h2>
        <ComposeForm
          offline={query.isOffline}
          onSent={async () => {
            setPageNumber(1);
            await query.refetch();
          }}
        />
      </section>
      <section className={page.stack} aria-labelledby="sent-title">
        <div className={page.titleRow}>
          <h2 id="sent-title" className={page.subtitle}>
            Отправленные
          </h2>
          <button type="button" className={styles.refresh} onClick={() => void query.refetch()}>
            {query.isFetching ? 'Обновляем…' : 'Обновить счётчики'}
          </button>
        </div>
        <LoadingState what="сообщения" {...loadingOf(query)}>
          {list ? (
            <>
              <SentList messages={list.items} />
              <Pagination
                label="Страницы сообщений"
                page={pageNumber}
                pageCount={Math.ceil(list.total / SENT_PAGE_SIZE)}
                onPageChange={setPageNumber}
              />
            </>
          ) : null}
        </LoadingState>
      </section>
    </section>
  );
}
