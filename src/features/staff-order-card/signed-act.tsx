/**
 * The signed act a company returned on paper, uploaded by a manager: the cabinet's own field and
 * upload (POST /api/order/{id}/act-signed), with the card's outcome line. Offered once the act
 * exists; a new scan replaces the earlier one.
 */
import { useDataLayer } from '../../api/data-layer';
import { DownloadButton } from '../../ui/order/download-button';
import { SignedActField, sendSignedAct } from '../../ui/order/signed-act-upload';
import * as page from '../../ui/page.css';
import { OFFLINE_WRITE_TEXT, useCardWrite, WriteOutcomeLine } from '../../ui/write-form';
import type { StaffOrder } from './staff-order-types';

export interface SignedActUploadProps {
  order: Pick<StaffOrder, 'id' | 'number' | 'actPdfPath' | 'actSignedPath'>;
  offline: boolean;
  onChanged: () => Promise<void>;
}

export function SignedActUpload({ order, offline, onChanged }: SignedActUploadProps) {
  const { api } = useDataLayer();
  const { busy, outcome, write } = useCardWrite();
  if (!order.actPdfPath && !order.actSignedPath) {
    return <p className={page.muted}>Акт ещё не сформирован: подписанный акт можно загрузить после этого.</p>;
  }
  const send = (file: File) =>
    write(async () => {
      await sendSignedAct(api, order.id, file);
      await onChanged();
      return `Подписанный акт «${file.name}» загружен`;
    });
  return (
    <div className={page.stack}>
      {order.actSignedPath ? (
        <p>
          Получен:{' '}
          <DownloadButton
            url={order.actSignedPath}
            name={`Подписанный акт ${order.number}`}
            label="скачать"
          />
          <span className={page.muted}> — новый файл заменит его</span>
        </p>
      ) : (
        <p className={page.muted}>Подписанный акт ещё не получен.</p>
      )}
      <SignedActField busy={busy} disabled={busy || offline} onFile={(file) => void send(file)} />
      {offline ? <p className={page.muted}>{OFFLINE_WRITE_TEXT}</p> : null}
      <WriteOutcomeLine outcome={outcome} />
    </div>
  );
}
