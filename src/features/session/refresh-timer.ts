/**
 * Automatic token refresh (docs/sessions-and-tokens.md): a check every 4 hours refreshes each
 * signed-in context, but only when the user did something in the last 15 minutes. A failed refresh
 * is only logged; the next check is scheduled either way. (The gateway separately refreshes a token
 * that is about to run out before it sends a call.)
 */
export const REFRESH_CHECK_MS = 4 * 60 * 60 * 1000;
export const ACTIVITY_WINDOW_MS = 15 * 60 * 1000;
/** Activity is noted at most this often: mousemove and scroll fire many times a second. */
export const ACTIVITY_THROTTLE_MS = 5_000;
export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'scroll',
  'touchstart',
  'click',
] as const;

export interface RefreshableSession {
  getState(): { status: string };
  refresh(): Promise<boolean>;
}

export interface RefreshTimerDeps {
  sessions: readonly RefreshableSession[];
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

/** Starts the checks; returns the function that stops them and the activity listeners. */
export function startTokenRefresh({
  sessions,
  target = window,
  now = Date.now,
  log = (message, error) => console.warn(message, error),
}: RefreshTimerDeps): () => void {
  let lastActivity = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const noteActivity = () => {
    const time = now();
    if (time - lastActivity >= ACTIVITY_THROTTLE_MS) lastActivity = time;
  };
  const options: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, noteActivity, options);

  async function check(): Promise<void> {
    if (now() - lastActivity <= ACTIVITY_WINDOW_MS) {
      for (const session of sessions) {
        if (session.getState().status !== 'AUTHORIZED') continue;
        try {
          if (!(await session.refresh())) log('Token refresh brought no new token');
        } catch (error) {
          log('Token refresh failed', error);
        }
      }
    }
    schedule();
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void check(), REFRESH_CHECK_MS);
  }

  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, noteActivity, options);
  };
}
