/**
 * /order/step-2: the documents' files. Each chosen file is kept in IndexedDB at once (a reload
 * loses nothing) and uploaded at once when online, with its progress; offline it waits, and the
 * outbox uploads it with the order. Files are optional: they can also be sent later by email.
 */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { isApiError } from '../../api/errors';
import { uploadFile } from '../../api/upload';
import { useOnlineStatus } from '../../api/use-online-status';
import { useDraftFiles } from '../../db/draft-hooks';
import { addDraftFiles, markFileUploaded, moveDraftFile, removeDraftFile } from '../../db/drafts';
import type { DraftFile } from '../../db/schema';
import * as page from '../../ui/page.css';
import { deviceHasCamera, FileUploader, type UploaderItem } from '../../ui/uploader/file-uploader';
import { useFormParams, useOrderDraft, writeDraft } from './draft';
import * as styles from './order-form.css';
import { OrderStepLayout } from './order-step-layout';
import { usePrefetchStepFour } from './prefetch-step-four';
import { StepActions } from './step-form';
import { useStepGuard } from './step-guard';

const FORM_ID = 'order-step-2';

interface Transfer {
  progress: number;
  error: string | null;
  running: boolean;
}

export function OrderStepTwo() {
  const navigate = useNavigate();
  const { db } = useDataLayer();
  const catalogue = useFormParams();
  const { payload, draftId, restart } = useOrderDraft();
  const allowed = useStepGuard(2, payload);
  usePrefetchStepFour();
  const files = useDraftFiles(db, draftId ?? undefined);
  const online = useOnlineStatus();
  const [transfers, setTransfers] = useState<Record<string, Transfer>>({});
  const started = useRef(new Set<string>());

  const upload = (file: DraftFile) => {
    started.current.add(file.id);
    const set = (transfer: Transfer) => setTransfers((all) => ({ ...all, [file.id]: transfer }));
    set({ progress: 0, error: null, running: true });
    uploadFile(file.blob, file.name, {
      onProgress: (progress) => set({ progress, error: null, running: true }),
    })
      .then(async (uploaded) => {
        await markFileUploaded(db, file.id, uploaded.id);
        set({ progress: 1, error: null, running: false });
      })
      .catch((error: unknown) => {
        started.current.delete(file.id);
        const offline = isApiError(error) && error.isNetworkError;
        set({
          progress: 0,
          error: offline ? null : isApiError(error) ? error.message : 'Не удалось загрузить файл',
          running: false,
        });
      });
  };

  // Start every file that is not on the server yet, once, while online.
  useEffect(() => {
    if (!online || !files) return;
    for (const file of files) {
      if (!file.uploadedId && !started.current.has(file.id) && !transfers[file.id]?.error) upload(file);
    }
  });

  const items: UploaderItem[] = (files ?? []).map((file) => {
    const transfer = transfers[file.id];
    const state: UploaderItem['state'] = file.uploadedId
      ? 'done'
      : transfer?.running
        ? 'uploading'
        : transfer?.error
          ? 'failed'
          : 'waiting';
    return {
      id: file.id,
      name: file.name,
      size: file.size,
      state,
      progress: transfer?.progress,
      error: transfer?.error,
      thumbnail: file.type.startsWith('image/') ? file.blob : undefined,
    };
  });

  const add = async (chosen: File[]) => {
    const id = draftId ?? (await writeDraft(db, {})).id;
    await addDraftFiles(db, id, chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: '/order/step-3' });
  };

  return (
    <OrderStepLayout
      step={2}
      catalogue={catalogue}
      payload={allowed ? payload : null}
      onRestart={restart}
      action={{ label: 'Далее', form: FORM_ID }}
    >
      {() => (
        <form id={FORM_ID} className={styles.main} onSubmit={submit} noValidate>
          <p className={page.muted}>
            Приложите сканы или фотографии документов, чтобы мы сразу начали перевод. Можно пропустить этот
            шаг и добавить файлы позже — на странице заказа в личном кабинете, пока бюро не начало работу.
          </p>
          <FileUploader
            label="Файлы документов"
            hint="PDF, JPG, PNG, Word или Excel, до 100 МБ каждый"
            inputId="files"
            rules={{ multiple: true }}
            items={items}
            onAdd={(chosen) => void add(chosen)}
            camera={deviceHasCamera()}
            onRemove={(id) => void removeDraftFile(db, id)}
            onMove={(id, by) => void moveDraftFile(db, id, by)}
            onRetry={(id) => {
              const file = files?.find((item) => item.id === id);
              if (file) upload(file);
            }}
          />
          {!online && items.some((item) => item.state === 'waiting') ? (
            <p className={page.muted}>
              Нет связи: файлы сохранены на устройстве и загрузятся вместе с заказом.
            </p>
          ) : null}
          <StepActions back="/order/step-1" />
        </form>
      )}
    </OrderStepLayout>
  );
}
