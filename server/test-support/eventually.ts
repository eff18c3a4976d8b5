/**
 * Polls until `check` returns a value other than undefined (or stops throwing), with a generous
 * deadline: background work on a busy machine is late, never on a fixed schedule.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 60_000, everyMs = 200, what = 'the expected outcome' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
