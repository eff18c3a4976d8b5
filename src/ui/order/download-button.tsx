/**
 * Downloads a stored file (invoice, act, an order's uploads). The files are private, so a plain
 * link cannot fetch them: the request goes through the gateway with the cabinet token, and the
 * answer is handed to the browser as a file with its name.
 */
import { useState } from 'react';
import type { Api } from '../../api/client';
import { useDataLayer } from '../../api/data-layer';
import { useOnlineStatus } from '../../api/use-online-status';
import * as page from '../page.css';
import { saveFile } from '../save-file';
import * as styles from './order-widgets.css';

const FILE_URL = /\/api\/files\/([0-9a-fA-F-]{36})(?:$|[?#])/;

export async function downloadFile(api: Api, url: string, name: string): Promise<void> {
  const id = FILE_URL.exec(url)?.[1];
  if (!id) throw new Error('Файл недоступен для скачивания');
  const { data } = await api.client.GET('/api/files/{id}', { params: { path: { id } }, parseAs: 'blob' });
  if (!(data instanceof Blob)) throw new Error('Сервер не отдал файл');
  saveFile(data, name);
}

export interface DownloadButtonProps {
  url: string;
  name: string;
  /** What the button says; the file name by default. */
  label?: string;
}

export function DownloadButton({ url, name, label }: DownloadButtonProps) {
  const { api } = useDataLayer();
  const online = useOnlineStatus();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(api, url, name);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Не удалось скачать файл');
    } finally {
      setBusy(false);
    }
  }
  return (
    <span>
      <button
        type="button"
        className={styles.linkButton}
        disabled={busy || !online}
        title={online ? undefined : 'Скачать можно только при подключении к сети'}
        onClick={() => void download()}
      >
        {busy ? 'Скачиваем…' : (label ?? name)}
      </button>
      {!online ? <span className={page.muted}> — нужна сеть</span> : null}
      {error ? (
        <span role="alert" className={page.errorText}>
          {' '}
          {error}
        </span>
      ) : null}
    </span>
  );
}
