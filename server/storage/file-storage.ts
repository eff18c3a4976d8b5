/**
 * The one way to the bytes of stored files (uploads, invoice and act PDFs, signed acts, point
 * photos): a `files` row names them by its storage_path, the key here. Two places keep them:
 * DATA_DIR/files on this machine (local-storage.ts, the default) and an S3-compatible bucket
 * shared by every server process (s3-storage.ts); configured.ts picks one from the config.
 * A key is written once under a fresh uuid and never changed, so readers need no locking.
 * Bytes no row names (a remove that failed after the row went) are found by `list` and removed
 * by the daily sweep (server/services/documents/orphan-sweep.ts, docs/decisions/0035).
 */
import type { Readable } from 'node:stream';
import { isStoragePath } from '../config';

export interface StoredBytes {
  stream: Readable;
  size: number;
}

/** One stored object as `list` finds it: its key and when its bytes were written. */
export interface StoredObject {
  key: string;
  lastModified: Date;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Where the bytes are, for logs and backup manifests: a folder, or s3://bucket at an endpoint. */
  readonly description: string;
  /** Stores new bytes under `key`. */
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores a finished file of the local disk (an upload's part under files/incoming) under `key`;
   * the local file is gone once this resolves. On failure it may remain: the caller removes it.
   */
  moveIn(key: string, path: string, contentType: string): Promise<void>;
  /** The bytes under `key` as a stream with their size, or null when nothing is stored there. */
  read(key: string): Promise<StoredBytes | null>;
  /** Whether anything is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removes the bytes under `key`; nothing stored there is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Every stored object of this installation, in no promised order, read page by page: the
   * local folder without its upload parts (files/incoming), or the bucket under S3_PREFIX with
   * the prefix taken off. Only names that are storage keys; an object removed meanwhile may be
   * listed or not.
   */
  list(): AsyncIterable<StoredObject>;
  /**
   * The installation whose sweep may remove objects here (services/documents/orphan-sweep.ts): S3 keeps it
   * beside them (`<prefix>/.installation`, not a storage key), written as `id` by the first to
   * ask. A local folder is one installation's already (its secrets.json must agree with the
   * database), so it answers `id`.
   */
  claim(id: string): Promise<string>;
  /** Throws StorageUnreachableError when the storage cannot be used (checked at start). */
  check(): Promise<void>;
  /** Lets go of connections (the server's close). */
  close(): void;
}

/** The storage cannot be used as configured; its message says why, for the operator. */
export class StorageUnreachableError extends Error {
  override name = 'StorageUnreachableError';
}

/** A stored file's key: its month folder and its uuid, e.g. 2026-05/3f0c…, as uploads always had. */
export function newStorageKey(id: string, at = new Date()): string {
  return `${at.toISOString().slice(0, 7)}/${id}`;
}

/** The keys newStorageKey makes: a month and a lowercase uuid. The sweep considers no others. */
const NEW_KEY = /^\d{4}-\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isGeneratedStorageKey = (key: string) => NEW_KEY.test(key);

/** A storage path (config.ts): never `..`, never absolute; at most 512 characters. */
export const isStorageKey = (key: string) => isStoragePath(key) && key.length <= 512;

/** Throws on a key that could leave the storage's root (a row is data, not trusted as a path). */
export function checkStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}
