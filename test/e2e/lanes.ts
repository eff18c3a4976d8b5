/**
 * How many browser test files run side by side (E2E_LANES, default 2), each lane on a server of
 * its own. With the headless shell, one file at a time left the two-core machine about a
 * quarter idle (waiting on the server, on timers, on the browser's start); two lanes fill it.
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2) || 1);
