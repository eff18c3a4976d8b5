/**
 * A point's photos: the ones it has (each with «Удалить»), and one more chosen with the image
 * select (PNG, GIF or JPEG by signature, at most 10 MB) and sent at once. The server strips where
 * a photo was taken and keeps at most ten a point; the order form's point card shows them.
 */
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { ImageSelect } from '../../ui/widgets/image-select';
import { useCardWrite, WriteOutcomeLine } from '../../ui/write-form';
import type { PickupPoint } from './point-form';
import * as styles from './points.css';

export const MAX_PHOTOS = 10;
const MAX_PHOTO_MB = 10;

export function PointPhotos(props: {
  point: PickupPoint;
  offline: boolean;
  onChanged: (point: PickupPoint) => Promise<void>;
}) {
  const { point, offline, onChanged } = props;
  const { api } = useDataLayer();
  const [photo, setPhoto] = useState<File | null>(null);
  const { busy, outcome, write } = useCardWrite();
  const full = point.photos.length >= MAX_PHOTOS;

  async function send() {
    if (!photo) return;
    const sent = await write(async () => {
      const answer = await api.client.POST('/api/point/photo/{id}', {
        params: { path: { id: point.id } },
        body: { photo: '' },
        // Multipart, with the photo under the contract's field name; the browser sets the boundary.
        bodySerializer: () => {
          const body = new FormData();
          body.append('photo', photo, photo.name);
          return body;
        },
      });
      if (!answer.data) throw new Error('Сервер вернул пустой ответ');
      await onChanged(answer.data);
      return 'Фотография добавлена';
    });
    if (sent) setPhoto(null);
  }

  async function remove(url: string) {
    const fileId = url.split('/').pop() ?? '';
    await write(async () => {
      const answer = await api.client.DELETE('/api/point/photo/{id}', {
        params: { path: { id: point.id }, query: { fileId } },
      });
      if (answer.data) await onChanged(answer.data);
      return 'Фотография удалена';
    });
  }

  return (
    <section className={page.card} aria-labelledby="point-photos">
      <h3 id="point-photos" className={page.subtitle}>
        Фотографии ({point.photos.length} из {MAX_PHOTOS})
      </h3>
      {point.photos.length > 0 ? (
        <ul className={styles.photos} aria-label="Фотографии пункта">
          {point.photos.map((url, index) => (
            <li key={url} className={styles.photo}>
              <img
                src={url}
                alt={`${point.name}, фото ${index + 1}`}
                width={120}
                height={88}
                className={styles.image}
              />
              <button
                type="button"
                className={button({ tone: 'secondary' })}
                disabled={offline || busy}
                onClick={() => void remove(url)}
              >
                Удалить<span className="visually-hidden"> фото {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={page.muted}>Фотографий пока нет: клиенту они помогают найти вход.</p>
      )}
      {full ? (
        <p className={form.hint}>
          У пункта уже {MAX_PHOTOS} фотографий — удалите одну, чтобы добавить новую.
        </p>
      ) : (
        <>
          <ImageSelect
            id="point-photo"
            label="Новая фотография"
            hint={`PNG, GIF или JPEG до ${MAX_PHOTO_MB} МБ. Геометка из фото не сохраняется.`}
            maxSizeMb={MAX_PHOTO_MB}
            value={photo}
            onValueChange={setPhoto}
          />
          <div className={form.actions}>
            <button
              type="button"
              className={button({ tone: 'primary' })}
              disabled={!photo || busy || offline}
              onClick={() => void send()}
            >
              {busy ? 'Отправляем…' : 'Добавить фотографию'}
            </button>
          </div>
        </>
      )}
      <WriteOutcomeLine outcome={outcome} />
    </section>
  );
}
