/**
 * Cron patterns read the way pg-boss reads them (the same cron-parser pg-boss 10 schedules with),
 * so the «next run» the monitor shows is the moment pg-boss will send the job.
 */
import cronParser from 'cron-parser';

/** Why a pattern cannot be scheduled in the zone, or null when it can. */
export function cronProblem(pattern: string, timezone: string): string | null {
  if (pattern.trim().split(/\s+/).length !== 5) return 'must have five fields: minute hour day month weekday';
  try {
    cronParser.parseExpression(pattern, { tz: timezone });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The first moment after `now` the pattern fires, or null for a pattern that cannot be read. */
export function nextRun(pattern: string, timezone: string, now = new Date()): Date | null {
  try {
    return cronParser.parseExpression(pattern, { tz: timezone, currentDate: now }).next().toDate();
  } catch {
    return null;
  }
}
