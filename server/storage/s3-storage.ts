/**
 * Stored files in an S3-compatible bucket (AWS S3, Yandex Object Storage, MinIO): the object's
 * key is the files row's storage_path, under S3_PREFIX when set (`<prefix>/<storage_path>`: the
 * rows never carry the prefix, docs/decisions/0035), so a file uploaded through one server
 * process is read through any other. The bucket stays private: downloads stream through the
 * server, which checks who may have the file (docs/decisions/0032). Objects are put with a known
 * length (a buffer, or an upload's part on the local disk), in one PUT: the 100 MB upload limit
 * is far below S3's 5 GB.
 *
 * Checksums are sent and checked only where the API requires them: the SDK's newer default
 * (a CRC32 trailer on every upload) is not understood by every S3-compatible service.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { describeBucket, type S3Options } from './bucket';
import {
  checkStorageKey,
  type FileStorage,
  isStorageKey,
  StorageUnreachableError,
  type StoredBytes,
  type StoredObject,
} from './file-storage';

/** A connection that does not open in 5 s, or goes quiet for a minute mid-transfer, fails. */
const CONNECT_TIMEOUT_MS = 5_000;
const SOCKET_IDLE_TIMEOUT_MS = 60_000;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

/** The installation whose sweep owns the prefix (FileStorage.claim); a dot name, never a storage key. */
const CLAIM_NAME = '.installation';

/**
 * The storage keys of the objects whose names start with `folder` (a prefix and its slash, or
 * nothing), a page of up to 1000 at a time, the folder taken off.
 */
export async function* listObjects(
  client: Pick<S3Client, 'send'>,
  Bucket: string,
  folder: string,
): AsyncGenerator<StoredObject> {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: folder || undefined, ContinuationToken }),
    );
    for (const object of page.Contents ?? []) {
      const key = object.Key?.slice(folder.length);
      if (key && isStorageKey(key) && object.LastModified) yield { key, lastModified: object.LastModified };
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

export function createS3Storage(options: S3Options): FileStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: SOCKET_IDLE_TIMEOUT_MS },
  });
  const Bucket = options.bucket;
  const where = describeBucket(options);
  const folder = options.prefix ? `${options.prefix}/` : '';
  /** The object's name in the bucket: the checked key under this installation's prefix. */
  const objectKey = (key: string) => `${folder}${checkStorageKey(key)}`;
  const put = (key: string, body: Uint8Array | Readable, length: number, contentType: string) =>
    client.send(
      new PutObjectCommand({
        Bucket,
        Key: objectKey(key),
        Body: body,
        ContentLength: length,
        ContentType: contentType,
      }),
    );
  return {
    kind: 's3',
    description: where,
    async write(key, bytes, contentType) {
      await put(key, bytes, bytes.length, contentType);
    },
    async moveIn(key, path, contentType) {
      const { size } = await stat(path);
      await put(key, createReadStream(path), size, contentType);
      await rm(path, { force: true });
    },
    async read(key): Promise<StoredBytes | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        const stream = answer.Body as Readable | undefined;
        if (!stream || answer.ContentLength === undefined) {
          stream?.destroy();
          throw new Error(`object storage answered ${key} without its bytes or their length`);
        }
        return { stream, size: answer.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there: removing twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    list: () => listObjects(client, Bucket, folder),
    async claim(id) {
      const Key = `${folder}${CLAIM_NAME}`;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        return ((await answer.Body?.transformToString()) ?? '').trim();
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      await client.send(new PutObjectCommand({ Bucket, Key, Body: id, ContentType: 'text/plain' }));
      return id;
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const reason =
          status === 404
            ? 'бакет не найден / no such bucket: create it first'
            : status === 403 || status === 401
              ? 'нет доступа / access denied: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key’s rights on the bucket'
              : status === 301 || status === 400
                ? `хранилище отказало (${status}) / the storage refused: check S3_REGION and S3_FORCE_PATH_STYLE`
                : `хранилище недоступно / unreachable: ${(error as Error).message || (error as Error).name}`;
        throw new StorageUnreachableError(`Объектное хранилище ${where}: ${reason}`);
      }
    },
    close() {
      client.destroy();
    },
  };
}
