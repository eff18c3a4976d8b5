/**
 * The file field with which a company sends back the act it signed (a scan or a PDF); the
 * upload itself and its outcome are the order actions' (sendSignedAct), so the message stays
 * after the field goes away with the received act.
 */
import { type ChangeEvent, useId } from 'react';
import type { Api } from '../../api/client';
import * as form from '../form.css';

export const SIGNED_ACT_TYPES = '.pdf,.jpg,.jpeg,.png';

/** POST /api/order/{id}/act-signed as multipart; the server checks the file by its content. */
export async function sendSignedAct(api: Api, orderId: number, file: File): Promise<void> {
  const body = new FormData();
  body.append('file', file, file.name);
  await api.client.POST('/api/order/{id}/act-signed', {
    params: { path: { id: orderId } },
    // openapi-fetch sends FormData as is; the generated type describes the part as a string.
    body: body as unknown as { file: string },
  });
}

export function SignedActField(props: { busy: boolean; disabled: boolean; onFile: (file: File) => void }) {
  const id = useId();
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) props.onFile(file);
  }
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        Подписанный акт (PDF, JPG или PNG)
      </label>
      <input
        id={id}
        type="file"
        accept={SIGNED_ACT_TYPES}
        disabled={props.disabled}
        aria-describedby={`${id}-hint`}
        onChange={pick}
      />
      <p id={`${id}-hint`} className={form.hint}>
        {props.busy ? 'Отправляем…' : 'Файл уйдёт сразу после выбора'}
      </p>
    </div>
  );
}
