/**
 * Stored files in an S3-compatible bucket (AWS S3, Yandex Object Storage, MinIO): the object's
 * key is the files row's storage_path, so a file uploaded through one server process is read
 * through any other. The bucket stays private: downloads stream through the server, which checks
 * who may have the file (docs/decisions/0032). Objects are put with a known length (a buffer, or
 * an upload's part on the local disk), in one PUT: the 100 MB upload limit is far below S3's 5 GB.
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
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { describeBucket, type S3Options } from './bucket';
import { checkStorageKey, type FileStorage, StorageUnreachableError, type StoredBytes } from './file-storage';

/** A connection that does not open in 5 s, or goes quiet for a minute mid-transfer, fails. */
const CONNECT_TIMEOUT_MS = 5_000;
const SOCKET_IDLE_TIMEOUT_MS = 60_000;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

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
  const put = (key: string, body: Uint8Array | Readable, length: number, contentType: string) =>
    client.send(
      new PutObjectCommand({
        Bucket,
        Key: checkStorageKey(key),
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
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkStorageKey(key) }));
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
        await client.send(new HeadObjectCommand({ Bucket, Key: checkStorageKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there: removing twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkStorageKey(key) }));
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
