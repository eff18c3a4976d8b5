/** The push switch of this device for the settings and the offer after an order. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { browserPush } from './browser-push';
import {
  disablePush,
  enablePush,
  isSubscribed,
  PUSH_SEND_ERROR,
  type PushEnvironment,
  type PushState,
  pushState,
} from './push-subscription';

export interface PushControl {
  state: PushState;
  /** This browser holds a subscription and push is not turned off here. */
  subscribed: boolean;
  busy: boolean;
  /** A Russian message about the last failed action, null after a success. */
  error: string | null;
  enable(): Promise<void>;
  disable(): Promise<void>;
}

export function usePushControl(env?: PushEnvironment): PushControl {
  const push = useMemo(() => env ?? browserPush(), [env]);
  const [state, setState] = useState<PushState>(() => pushState(push));
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    isSubscribed(push)
      .then((value) => live && setSubscribed(value))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [push]);

  const enable = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await enablePush(push);
      setState(next);
      setSubscribed(next === 'granted');
    } catch (failure) {
      setState(pushState(push));
      setSubscribed(await isSubscribed(push).catch(() => false));
      setError(
        failure instanceof Error && failure.message === PUSH_SEND_ERROR ? PUSH_SEND_ERROR : PUSH_ENABLE_ERROR,
      );
    } finally {
      setBusy(false);
    }
  }, [push]);

  const disable = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      await disablePush(push);
    } catch {
      setError(PUSH_DISABLE_ERROR);
    } finally {
      setSubscribed(await isSubscribed(push).catch(() => false));
      setBusy(false);
    }
  }, [push]);

  return { state, subscribed, busy, error, enable, disable };
}

export const PUSH_ENABLE_ERROR = 'Не удалось включить уведомления на этом устройстве';
export const PUSH_DISABLE_ERROR = 'Не удалось отключить уведомления на этом устройстве';
