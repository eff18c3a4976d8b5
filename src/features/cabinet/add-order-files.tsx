/**
 * «Добавить файлы» on the customer's order page while the bureau has not started the work: the
 * scans step 2 let them skip. Chosen files are queued in the outbox with their bytes and sent at
 * once when online (src/outbox/order-files.ts); offline they wait on the device, shown here with
 * their state, and go when the network is back. A refusal (the work started meanwhile) shows the
 * server's reason until the customer has read it. When the server has them the order is read
 * again, and the files appear in the list above with the time they were added.
 */
import { useEffect, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useLiveQuery } from '../../db/live-query';
import type { OutboxEntry } from '../../db/schema';
import { dismissOrderFiles, isOrderFiles, orderFilesOf, waitingOrderFiles } from '../../outbox/order-files';
import { replayFromPage, submitOrderFiles } from '../../outbox/page-outbox';
import { NETWORK_MESSAGE } from '../../outbox/send';
import { button } from '../../ui/button';
import { ErrorSummary } from '../../ui/error-summary';
import * as page from '../../ui/page.css';
import { moveItem } from '../../ui/uploader/choose-files';
import { deviceHasCamera, FileUploader, type UploaderItem } from '../../ui/uploader/file-uploader';
import * as styles from './cabinet.css';

const INPUT_ID = 'order-add-files';
const NONE_CHOSEN = 'Выберите хотя бы один файл';

interface Chosen {
  id: string;
  file: File;
}

export function AddOrderFiles({
  order,
  onAdded,
}: {
  order: { id: number; number: string };
  onAdded: () => Promise<void>;
}) {
  const { db } = useDataLayer();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [saving, setSaving] = useState(false);
  const [stored, setStored] = useState<string | null>(null);
  const waiting = useLiveQuery(() => waitingOrderFiles(db, order.id), [db, order.id]) ?? [];
  const sentLately = useLiveQuery(
    () =>
      db.outbox
        .where('orderId')
        .equals(order.id)
        .filter((entry) => entry.status === 'sent' && isOrderFiles(entry))
        .count(),
    [db, order.id],
  );

  // Files the server took since the page read the order: read it again, they are in its list now.
  useEffect(() => {
    if (sentLately) void onAdded();
  }, [sentLately, onAdded]);

  const send = async () => {
    if (chosen.length === 0) {
      setProblem(NONE_CHOSEN);
      setAttempts((n) => n + 1);
      return;
    }
    setSaving(true);
    setStored(null);
    try {
      const entry = await submitOrderFiles(db, {
        orderId: order.id,
        orderNumber: order.number,
        files: chosen.map(({ file }) => ({ name: file.name, size: file.size, type: file.type, blob: file })),
      });
      setChosen([]);
      setStored(entry.status === 'sent' ? 'Файлы добавлены к заказу.' : null);
    } catch {
      setProblem('Не удалось сохранить файлы на устройстве. Обновите страницу и повторите.');
    } finally {
      setSaving(false);
    }
  };

  const items: UploaderItem[] = chosen.map(({ id, file }) => ({
    id,
    name: file.name,
    size: file.size,
    state: 'chosen',
    thumbnail: file.type.startsWith('image/') ? file : undefined,
  }));
  return (
    <div className={styles.addFiles}>
      <h3 className={page.subtitle}>Добавить файлы</h3>
      <ErrorSummary
        errors={problem === NONE_CHOSEN ? [{ fieldId: INPUT_ID, message: problem }] : []}
        focusKey={attempts}
      />
      <FileUploader
        label="Сканы или фотографии документов"
        hint="Пока бюро не начало работу над заказом. PDF, JPG, PNG, Word или Excel, до 100 МБ каждый"
        inputId={INPUT_ID}
        rules={{ multiple: true }}
        items={items}
        error={problem ?? undefined}
        onAdd={(files) => {
          setProblem(null);
          setStored(null);
          setChosen((now) => [...now, ...files.map((file) => ({ id: crypto.randomUUID(), file }))]);
        }}
        camera={deviceHasCamera()}
        onRemove={(id) => setChosen((now) => now.filter((item) => item.id !== id))}
        onMove={(id, by) => setChosen((now) => moveItem(now, id, by))}
        onRetry={() => undefined}
      />
      <p>
        <button
          type="button"
          className={button({ tone: 'primary' })}
          disabled={saving}
          onClick={() => void send()}
        >
          Отправить файлы
        </button>
      </p>
      <div aria-live="polite">
        {stored ? <p className={page.muted}>{stored}</p> : null}
        {waiting.map((entry) => (
          <QueuedFiles
            key={entry.id}
            entry={entry}
            onSend={() => void replayFromPage(db, true)}
            onDismiss={() => void dismissOrderFiles(db, entry.id)}
          />
        ))}
      </div>
    </div>
  );
}

/** Files waiting on this device, being sent, or refused with the server's reason. */
function QueuedFiles({
  entry,
  onSend,
  onDismiss,
}: {
  entry: OutboxEntry;
  onSend: () => void;
  onDismiss: () => void;
}) {
  const names = orderFilesOf(entry)
    .files.map((file) => file.name)
    .join(', ');
  if (entry.status === 'failed') {
    return (
      <div className={page.card} role="alert">
        <p>
          <strong>Файлы не приняты: {names}</strong>
        </p>
        <p>{entry.lastError}</p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={onDismiss}>
          Понятно
        </button>
      </div>
    );
  }
  const offline = entry.lastError === NETWORK_MESSAGE;
  return (
    <div className={styles.queuedFiles} role="status">
      <span>
        <strong>{entry.status === 'sending' ? 'Отправляются' : 'Ждут отправки'}:</strong> {names}
        {offline ? <span className={page.muted}> — нет связи, отправим, когда она появится</span> : null}
        {entry.lastError && !offline ? <span className={page.muted}> — {entry.lastError}</span> : null}
      </span>
      {entry.status === 'pending' ? (
        <button type="button" className={button({ tone: 'secondary' })} onClick={onSend}>
          Отправить сейчас
        </button>
      ) : null}
    </div>
  );
}
