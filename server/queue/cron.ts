/**
 * Cron patterns read the way pg-boss reads them (the same cron-parser pg-boss 10 schedules with),
 * so the «next run» the monitor shows is the moment pg-boss will send the job. The configuration
 * checks the patterns it is given the same way (config.ts, cronProblem).
 */
import cronParser from 'cron-parser';

/** The first moment after `now` the pattern fires, or null for a pattern that cannot be read. */
export function nextRun(pattern: string, timezone: string, now = new Date()): Date | null {
  try {
    return cronParser.parseExpression(pattern, { tz: timezone, currentDate: now }).next().toDate();
  } catch {
    return null;
  }
}
