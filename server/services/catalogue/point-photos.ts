/**
 * Photos of a pickup point: the order form's point card shows them to anyone (public files,
 * GET /api/files/{id}). At most MAX_POINT_PHOTOS a point and MAX_PHOTO_BYTES each; PNG, JPEG or
 * GIF by content. Each is stored drawn again from its pixels, upright and at most 1600 pixels a
 * side (photo-encoding.ts, in a worker thread): nothing of the uploaded file but the picture is
 * kept — not the GPS position a phone writes, nor anything hidden in the file's other parts.
 */
import { readFile, rm } from 'node:fs/promises';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { mayManagePoint } from '../../auth/ownership';
import type { SignedInUser } from '../../auth/tokens';
import { files, pickupPointPhotos, pickupPoints } from '../../db/schema';
import { ProductError } from '../../errors';
import { removeStoredFiles, writeStoredFile } from '../documents/stored-files';
import { type IncomingFiles, receiveFiles } from '../documents/uploads';
import { catalogueActor, recordChanges } from './changes';
import { BrokenImageError, type EncodedPhoto } from './photo-encoding';
import { reencodeInWorker } from './photo-thread';
import { findPickupPoint, type PickupPoint } from './pickup-points';
import { pointMissing } from './point-edits';

export const MAX_POINT_PHOTOS = 10;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif']);

const full = () =>
  new ProductError(
    'conflict',
    'CONFLICT',
    `У пункта уже ${MAX_POINT_PHOTOS} фотографий: удалите одну, чтобы добавить новую`,
  );

async function managedPoint(ctx: AppContext, user: SignedInUser, id: number) {
  const [point] = await ctx.db
    .select({ id: pickupPoints.id, partnerId: pickupPoints.partnerId })
    .from(pickupPoints)
    .where(eq(pickupPoints.id, id));
  if (!point || !mayManagePoint(user, point)) throw pointMissing();
  return point;
}

const photoCount = async (ctx: AppContext, pointId: number) =>
  (
    await ctx.db
      .select({ n: count() })
      .from(pickupPointPhotos)
      .where(eq(pickupPointPhotos.pickupPointId, pointId))
  )[0]?.n ?? 0;

export async function addPointPhoto(
  ctx: AppContext,
  incoming: IncomingFiles,
  user: SignedInUser,
  pointId: number,
): Promise<PickupPoint> {
  await managedPoint(ctx, user, pointId);
  // Refused before a byte is read when the point is full; checked again under the lock below.
  if ((await photoCount(ctx, pointId)) >= MAX_POINT_PHOTOS) throw full();
  const received = await receiveFiles(incoming, ctx.config.dataDir, 'photo', PHOTO_TYPES, MAX_PHOTO_BYTES);
  try {
    if (received.length !== 1) {
      throw new ProductError('validation', 'VALIDATION_ERROR', 'Прикрепите одну фотографию в поле photo');
    }
    const photo = received[0] as (typeof received)[number];
    let clean: EncodedPhoto;
    try {
      clean = await reencodeInWorker(await readFile(photo.temporaryPath), photo.mime);
    } catch (error) {
      if (error instanceof BrokenImageError) {
        throw new ProductError(
          'unsupported-type',
          'UNSUPPORTED_MEDIA_TYPE',
          `Файл ${photo.name} повреждён или не является изображением`,
        );
      }
      throw error;
    }
    const stored = await writeStoredFile(ctx.storage, clean.bytes, clean.mime);
    // A GIF is kept as a PNG of its first frame: its name says so too.
    const name = clean.mime === photo.mime ? photo.name : `${photo.name.replace(/\.gif$/i, '')}.png`;
    try {
      await ctx.db.transaction(async (tx) => {
        const [point] = await tx
          .select()
          .from(pickupPoints)
          .where(eq(pickupPoints.id, pointId))
          .for('update');
        if (!point) throw pointMissing();
        const [photos] = await tx
          .select({ n: count() })
          .from(pickupPointPhotos)
          .where(eq(pickupPointPhotos.pickupPointId, pointId));
        const taken = photos?.n ?? 0;
        if (taken >= MAX_POINT_PHOTOS) throw full();
        await tx.insert(files).values({
          id: stored.id,
          ownerUserId: user.id,
          storagePath: stored.storagePath,
          name,
          size: clean.bytes.length,
          mime: clean.mime,
          kind: 'POINT_PHOTO',
          isPublic: true,
        });
        await tx
          .insert(pickupPointPhotos)
          .values({ pickupPointId: pointId, fileId: stored.id, sortOrder: taken + 1 });
        await recordChanges(tx, { entity: 'PICKUP_POINT', entityId: pointId, actor: catalogueActor(user) }, [
          { action: 'PHOTO_ADDED', field: 'photos', newValue: name },
        ]);
      });
    } catch (error) {
      await removeStoredFiles(ctx.storage, [stored.storagePath]);
      throw error;
    }
  } finally {
    await Promise.all(received.map((file) => rm(file.temporaryPath, { force: true })));
  }
  return (await findPickupPoint(ctx.db, pointId)) ?? Promise.reject(pointMissing());
}

export async function removePointPhoto(
  ctx: AppContext,
  user: SignedInUser,
  pointId: number,
  fileId: string,
): Promise<PickupPoint> {
  await managedPoint(ctx, user, pointId);
  // Idempotent: a photo already gone (a second click, another admin) leaves the point as it is.
  const removed = await ctx.db.transaction(async (tx) => {
    const [photo] = await tx
      .select({ id: pickupPointPhotos.id, name: files.name, storagePath: files.storagePath })
      .from(pickupPointPhotos)
      .innerJoin(files, eq(files.id, pickupPointPhotos.fileId))
      .where(and(eq(pickupPointPhotos.pickupPointId, pointId), eq(pickupPointPhotos.fileId, fileId)));
    if (!photo) return null;
    await tx.delete(files).where(eq(files.id, fileId));
    await recordChanges(tx, { entity: 'PICKUP_POINT', entityId: pointId, actor: catalogueActor(user) }, [
      { action: 'PHOTO_REMOVED', field: 'photos', oldValue: photo.name },
    ]);
    return photo;
  });
  if (removed) await removeStoredFiles(ctx.storage, [removed.storagePath]);
  return (await findPickupPoint(ctx.db, pointId)) ?? Promise.reject(pointMissing());
}

/** The stored photos of a point, in their order (for removing their bytes with the point). */
export function pointPhotoFiles(ctx: AppContext, pointId: number) {
  return ctx.db
    .select({ id: files.id, storagePath: files.storagePath })
    .from(pickupPointPhotos)
    .innerJoin(files, eq(files.id, pickupPointPhotos.fileId))
    .where(eq(pickupPointPhotos.pickupPointId, pointId))
    .orderBy(asc(pickupPointPhotos.sortOrder));
}

/** Removes the rows and bytes of photos whose point was deleted (the links went with it). */
export async function forgetPhotoFiles(
  ctx: AppContext,
  photos: readonly { id: string; storagePath: string }[],
): Promise<void> {
  if (photos.length === 0) return;
  await ctx.db.delete(files).where(
    inArray(
      files.id,
      photos.map((photo) => photo.id),
    ),
  );
  await removeStoredFiles(
    ctx.storage,
    photos.map((photo) => photo.storagePath),
  );
}
