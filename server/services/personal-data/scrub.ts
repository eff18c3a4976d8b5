/**
 * Free text that may quote a person (a manager's comment on a status move, a courier service's
 * refusal, a notification to staff, an automation log) keeps its words, with the person's own
 * values — emails, names, phones in any spelling, addresses, file names — replaced by «удалено».
 * Whole words only: erasing «Ян» leaves «Январь» alone.
 */

export const ERASED = 'удалено';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phone's last ten digits with anything a person types between them, and its +7 or 8. */
function phonePattern(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 10) return null;
  const body = [...digits.slice(-10)].join('[\\s()\\-]*');
  return `(?:(?:\\+\\s*7|8)[\\s()\\-]*)?${body}`;
}

export interface PersonValues {
  /** Emails, names (whole and in parts), addresses, comments, file names. */
  texts: readonly (string | null | undefined)[];
  phones: readonly (string | null | undefined)[];
  /**
   * Whole texts of the person's own (their messages, and the excerpts notifications quoted of
   * them): a value that is exactly one of these becomes «удалено» whole, whatever its words.
   */
  quotes?: readonly (string | null | undefined)[];
}

/** A function that scrubs text of the person's values; identity when there are none. */
export function scrubberOf(values: PersonValues): (text: string) => string {
  const texts = [
    ...new Set(
      values.texts
        .map((text) => text?.trim())
        .filter((text): text is string => !!text && text.length >= 2 && text !== ERASED),
    ),
  ];
  const patterns = [
    ...texts.sort((a, b) => b.length - a.length).map(escapeRegExp),
    ...values.phones.map((phone) => (phone ? phonePattern(phone) : null)).filter((p): p is string => !!p),
  ];
  const quotes = new Set(
    (values.quotes ?? []).map((quote) => quote?.trim()).filter((quote): quote is string => !!quote),
  );
  const quoted = (text: string) => quotes.has(text.trim());
  if (patterns.length === 0) return (text) => (quoted(text) ? ERASED : text);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${patterns.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return (text) => (quoted(text) ? ERASED : text.replace(pattern, ERASED));
}

/** The same, through every string of a JSON value (an automation log's payload). */
export function scrubJson(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, scrub));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubJson(item, scrub)]));
  return value;
}
