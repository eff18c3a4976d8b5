/**
 * One load run against one request with autocannon, summarised in the numbers we budget.
 * Percentiles are computed from every response time (autocannon's own summary has no p95).
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Rewrites each request before it is sent (a fresh idempotency key, say). */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export function load(
  origin: string,
  request: LoadRequest,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const times: number[] = [];
  let failed = 0;
  const instance = autocannon({
    url: origin + request.path,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    connections: options.connections,
    duration: options.seconds,
    requests: request.setupRequest ? [{ setupRequest: request.setupRequest }] : undefined,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 400) failed++;
    times.push(responseTime);
  });
  return new Promise((resolve, reject) => {
    instance.on('done', (result) => {
      times.sort((a, b) => a - b);
      resolve({
        requests: result.requests.total,
        perSecond: result.requests.total / options.seconds,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        failed: failed + result.errors + result.timeouts,
      });
    });
    instance.on('error', reject);
  });
}
