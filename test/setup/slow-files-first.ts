/**
 * The order the unit and server suites start their files in. Vitest runs the files that took
 * longest last time first, but CI's fresh clone has no results from a last time, and then the
 * biggest file goes first. The drills below are not big files; they spend their time waiting on
 * real server processes, a stopped PostgreSQL, a backup or the clock's next minute, so started
 * last, the whole suite waited for them at its end: 233 s in a fresh clone against 171 s in the
 * order of a warm cache (2-core machine, TEST_DATABASE_URL set). Started first, they wait while
 * the other files keep the cores busy. Longest first, as measured in a fresh clone.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SLOW_FILES = [
  'server/jobs/periodic-processes.test.ts', // 143 s: two server processes, two cron ticks
  'server/backup/backup.test.ts', // 35 s
  'server/services/courier/courier-flow.test.ts', // 29 s
  'server/compiled-server.test.ts', // 29 s: builds the server, makes a new database
  'server/backup/backup-postgres.test.ts', // 24 s
  'server/db/postgres-restart.test.ts', // 24 s
  'test/contract/fuzz.test.ts', // 18 s
  'server/main.test.ts', // 18 s
  'server/services/monitoring/monitoring.test.ts', // 12 s
  'server/scale-out.test.ts', // 11 s
];

const rank = (spec: TestSpecification) => {
  const found = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return found === -1 ? SLOW_FILES.length : found;
};

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
