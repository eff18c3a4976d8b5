/**
 * Archive names carry what an operator sorts and picks by: the UTC time of the snapshot, the app
 * version, and the kind when it is not a scheduled one, e.g.
 * `perevod-20261124T003000Z-v0.1.0.tar.gz` or `perevod-20261124T101500Z-v0.1.0-manual.tar.gz`.
 * Names sort by time; pruning recognises scheduled archives by name alone.
 */
import type { BackupKind } from './manifest';

const PATTERN = /^perevod-(\d{8}T\d{6}Z)-v(.+?)(?:-(manual|before-restore))?\.tar\.gz$/;

/** 20261124T003000Z: ISO 8601 basic, UTC, whole seconds; safe in file names. */
export const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

export function archiveName(at: Date, version: string, kind: BackupKind): string {
  return `perevod-${stampOf(at)}-v${version}${kind === 'scheduled' ? '' : `-${kind}`}.tar.gz`;
}

export interface ParsedArchiveName {
  name: string;
  at: Date;
  version: string;
  kind: BackupKind;
}

export function parseArchiveName(name: string): ParsedArchiveName | undefined {
  const match = PATTERN.exec(name);
  if (!match) return undefined;
  const [, stamp = '', version = '', kind] = match;
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  return { name, at, version, kind: (kind as BackupKind | undefined) ?? 'scheduled' };
}
