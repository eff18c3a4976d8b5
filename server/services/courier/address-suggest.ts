/**
 * Address suggestions for courier delivery through DaData's suggest/address, called by the
 * server so the provider's key never reaches the browser. A provider hiccup (timeout, error
 * status, garbage) is never the customer's 5xx: the answer is "suggestions unavailable" and the
 * form falls back to a plain address field, which is all the order needs.
 */
import type { AppContext } from '../../app-context';
import { hit } from '../../auth/rate-limits';
import type { ServerConfig } from '../../config';

export interface AddressSuggestion {
  value: string;
  postalCode: string | null;
  lat: number | null;
  lon: number | null;
}

export interface AddressSuggestions {
  suggestions: AddressSuggestion[];
  available: boolean;
}

/**
 * Each suggestion spends the provider's paid quota: counted per client address (a customer types
 * a few addresses with a pause between keys; a script would burn the day's quota in minutes).
 */
export async function countSuggestion(ctx: Pick<AppContext, 'db' | 'config'>, ip: string): Promise<void> {
  await hit(ctx.db, [
    {
      key: `address-suggest:ip:${ip}`,
      limit: ctx.config.limits.addressSuggestionsPerHourPerAddress,
      windowSeconds: 60 * 60,
      message: (wait) => `Слишком много подсказок адреса. Повторите через ${wait} или введите адрес целиком.`,
    },
  ]);
}

/** A typing customer waits for nothing longer; DaData answers in well under a second. */
export const SUGGEST_TIMEOUT_MS = 2000;

const unavailable: AddressSuggestions = { suggestions: [], available: false };

interface DadataSuggestion {
  value?: unknown;
  data?: { postal_code?: unknown; geo_lat?: unknown; geo_lon?: unknown } | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** DaData sends coordinates as strings ("55.7649") or null. */
const coordinate = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : Number(text(value) ?? Number.NaN);
  return Number.isFinite(number) ? number : null;
};

export function toSuggestion(raw: DadataSuggestion): AddressSuggestion | null {
  const value = text(raw.value);
  if (value === null) return null;
  return {
    value,
    postalCode: text(raw.data?.postal_code),
    lat: coordinate(raw.data?.geo_lat),
    lon: coordinate(raw.data?.geo_lon),
  };
}

export async function suggestAddresses(
  config: ServerConfig['addressSuggest'],
  query: string,
  count: number,
  log: { warn(details: object, message: string): void },
  timeoutMs = SUGGEST_TIMEOUT_MS,
): Promise<AddressSuggestions> {
  if (!config.apiKey) return unavailable;
  try {
    const response = await fetch(config.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Token ${config.apiKey}`,
      },
      body: JSON.stringify({ query, count }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      log.warn({ status: response.status }, 'address suggest provider refused');
      return unavailable;
    }
    const body = (await response.json()) as { suggestions?: unknown };
    if (!Array.isArray(body.suggestions)) {
      log.warn({}, 'address suggest provider answered without suggestions');
      return unavailable;
    }
    const suggestions = body.suggestions
      .map((raw) => toSuggestion((raw ?? {}) as DadataSuggestion))
      .filter((s): s is AddressSuggestion => s !== null)
      .slice(0, count);
    return { suggestions, available: true };
  } catch (error) {
    log.warn({ error: String(error) }, 'address suggest provider failed');
    return unavailable;
  }
}
