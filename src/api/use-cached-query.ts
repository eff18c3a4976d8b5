/**
 * Read-through, write-through data for a screen: the last stored copy from IndexedDB shows at
 * once (and offline), the network revalidates it, and the gateway writes the fresh copy back,
 * which useLiveQuery then shows. Revalidates on mount, on parameter change and when the browser
 * comes back online.
 */
import type { ClientPathsWithMethod, MethodResponse, ParamsOption } from 'openapi-fetch';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cacheKey, stableStringify } from '../db/cache';
import { useCacheEntry } from '../db/use-cache-entry';
import { type ApiClient, cacheContextOf, resolveCallContext } from './client';
import type { ApiKind } from './context';
import { useApi, useDatabaseSource } from './data-context';
import { type ApiError, toApiError } from './errors';
import { initialAnswer, initialAnswerKey } from './initial-answers';
import { isCacheableGet, operationSecurity } from './operation-security';
import type { paths } from './schema.gen';
import { useOnlineStatus } from './use-online-status';

export type GetPath = ClientPathsWithMethod<ApiClient, 'get'>;
export type GetData<P extends GetPath> = MethodResponse<ApiClient, 'get', P>;

export type CachedQueryOptions<P extends GetPath> = ParamsOption<paths[P]['get']> & {
  /** The login context to call in; by default the one of the current page. */
  kind?: ApiKind;
  /** false: read the stored copy only, do not call the server. */
  enabled?: boolean;
};

export interface CachedQuery<T> {
  data: T | undefined;
  /** When the shown data came from the server (ms since epoch). */
  fetchedAt: number | undefined;
  /** Nothing to show yet: no stored copy and no answer. */
  isLoading: boolean;
  isFetching: boolean;
  /** The shown data is a stored copy the server has not confirmed during this visit. */
  isStale: boolean;
  /** The browser is offline or the server could not be reached. */
  isOffline: boolean;
  error: ApiError | null;
  refetch: () => Promise<void>;
}

interface NetworkState {
  key: string;
  data?: unknown;
  fetchedAt?: number;
  error: ApiError | null;
  isFetching: boolean;
  confirmed: boolean;
}

type OptionsArg<P extends GetPath> =
  object extends CachedQueryOptions<P> ? [options?: CachedQueryOptions<P>] : [options: CachedQueryOptions<P>];

type LooseGet = (path: string, init: object) => Promise<{ data?: unknown }>;

export function useCachedQuery<P extends GetPath>(
  path: P,
  ...[options]: OptionsArg<P>
): CachedQuery<GetData<P>> {
  const api = useApi();
  const database = useDatabaseSource();
  const online = useOnlineStatus();
  const {
    params,
    kind,
    enabled = true,
  } = (options ?? {}) as { params?: object; kind?: ApiKind; enabled?: boolean };
  const paramsText = stableStringify(params);
  const context = resolveCallContext(kind, api.location().pathname);
  const storeKey = isCacheableGet('GET', path)
    ? cacheKey(cacheContextOf(operationSecurity('GET', path), context), path, params)
    : null;
  const requestKey = `${context} ${path} ${paramsText}`;
  const entry = useCacheEntry(database, storeKey);
  const [network, setNetwork] = useState<NetworkState>({
    key: requestKey,
    error: null,
    isFetching: enabled,
    confirmed: false,
  });
  const currentKey = useRef(requestKey);
  currentKey.current = requestKey;
  // An answer that arrives after the screen has gone is dropped (its copy is already stored).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: params are compared by value (paramsText)
  const refetch = useCallback(async () => {
    setNetwork((state) => ({
      ...(state.key === requestKey ? state : { error: null, confirmed: false }),
      key: requestKey,
      isFetching: true,
    }));
    let next: NetworkState;
    try {
      const result = await (api.client.GET as unknown as LooseGet)(path, { params, kind: context });
      next = {
        key: requestKey,
        data: result.data,
        fetchedAt: Date.now(),
        error: null,
        isFetching: false,
        confirmed: true,
      };
    } catch (error) {
      next = { key: requestKey, error: toApiError(error), isFetching: false, confirmed: false };
    }
    if (!mounted.current || currentKey.current !== requestKey) return; // gone, or moved on
    setNetwork((state) => {
      if (next.confirmed) return next;
      // A failed revalidation keeps what this screen already had from the network.
      const previous = state.key === requestKey ? state : undefined;
      return { ...next, data: previous?.data, fetchedAt: previous?.fetchedAt };
    });
  }, [api, path, requestKey]);

  useEffect(() => {
    if (enabled) void refetch();
  }, [enabled, refetch]);

  // Back online after a failed revalidation: try again without waiting for the user.
  const failedOffline = network.error?.isNetworkError === true;
  useEffect(() => {
    if (online && enabled && failedOffline) void refetch();
  }, [online, enabled, failedOffline, refetch]);

  const own = network.key === requestKey ? network : undefined;
  const stored = entry ?? undefined;
  const useStored =
    stored !== undefined && (own?.fetchedAt === undefined || stored.fetchedAt >= own.fetchedAt);
  // Before IndexedDB or the network has answered: what the prerendered page came with, if anything.
  const seed =
    !useStored && own?.data === undefined ? initialAnswer(initialAnswerKey(path, paramsText)) : undefined;
  const data = (useStored ? stored.value : (own?.data ?? seed?.value)) as GetData<P> | undefined;
  const fetchedAt = useStored ? stored.fetchedAt : own?.fetchedAt;
  const error = own?.error ?? null;

  return {
    data,
    fetchedAt,
    isLoading: data === undefined && error === null,
    isFetching: own?.isFetching ?? enabled,
    isStale: data !== undefined && own?.confirmed !== true,
    isOffline: !online || error?.isNetworkError === true,
    error,
    refetch,
  };
}
