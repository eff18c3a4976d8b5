/**
 * npm run restore -- ARCHIVE [--force] — puts a backup back into DATA_DIR (or the DATABASE_URL
 * database), moving what it replaces aside, and says what it restored. server/backup/restore.ts.
 */
import { ConfigError, loadConfig } from '../config';
import { PRIVATE_UMASK } from '../data-dir';
import { BackupError } from './errors';
import { type RestoreReport, restoreArchive } from './restore';

const USAGE =
  'Использование / usage: npm run restore -- ARCHIVE [--force]\n' +
  '  ARCHIVE  a perevod-….tar.gz with its .sha256 beside it\n' +
  '  --force  PostgreSQL only: replace a database that is not empty (it is backed up first)';

function describe(report: RestoreReport): string {
  const { manifest, counts } = report;
  return [
    `Восстановлено / restored: ${report.archive}`,
    `  снимок от / snapshot of ${manifest.createdAt}, версия / version ${manifest.app.version}, ${manifest.database.driver}`,
    `  заказов / orders ${counts.orders} (строк / lines ${counts.orderLines}), пользователей / users ${counts.users}, файлов / files ${counts.files}` +
      (report.filesWithoutBytes ? ` (без содержимого / without bytes: ${report.filesWithoutBytes})` : ''),
    ...(report.objectStorage
      ? [
          `  файлы — в объектном хранилище / files are in object storage: ${report.objectStorage}` +
            (report.filesUploaded
              ? ` (загружено из архива / uploaded from the archive: ${report.filesUploaded})`
              : ''),
        ]
      : []),
    ...(report.manifest.files.objectStorage && !report.objectStorage
      ? [
          `  файлы этой копии хранятся в ${report.manifest.files.objectStorage}: задайте S3_* этого хранилища / this backup's files are in ${report.manifest.files.objectStorage}: set its S3_* variables`,
        ]
      : []),
    report.movedAside
      ? `  прежние данные перенесены в / the replaced data is in ${report.movedAside}`
      : '  заменять было нечего / there was no data to replace',
    ...(report.safetyBackup
      ? [`  копия прежней базы / backup of the replaced database: ${report.safetyBackup}`]
      : []),
    '  Запустите сервер: миграции применятся при старте. / Start the server: migrations run at start.',
  ].join('\n');
}

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]?.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  process.umask(PRIVATE_UMASK);
  const report = await restoreArchive(loadConfig(), rest[0] as string, { force });
  console.log(describe(report));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
