/**
 * What the rest of the server knows of an S3 bucket without loading the AWS SDK (a large import
 * that only a server with S3_BUCKET set needs): its options and how it is named in logs.
 */
import type { StorageConfig } from '../config';

export type S3Options = Omit<Extract<StorageConfig, { kind: 's3' }>, 'kind'>;

/**
 * s3://bucket (and /prefix, S3_PREFIX) and where: the endpoint, or AWS and its region. Says
 * nothing of the keys.
 */
export function describeBucket(
  options: Pick<S3Options, 'bucket' | 'endpoint' | 'region' | 'prefix'>,
): string {
  const folder = options.prefix ? `/${options.prefix}` : '';
  return `s3://${options.bucket}${folder}${options.endpoint ? ` at ${options.endpoint}` : ` (AWS, ${options.region})`}`;
}
