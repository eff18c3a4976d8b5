/**
 * Answers a page arrived with. The server prerenders the order form's first step with the live
 * catalogue (and a customer document with its text) and puts the same answer into the HTML
 * (src/prerender/); the app reads it before its first render, so that render matches the HTML (React hydrates it instead of replacing it) and the
 * step shows prices before IndexedDB or the network has answered. A stored or fetched copy always
 * wins over it; it is only what there is to show until then.
 */
/**
 * An answer the page came with. It has no time of its own: the page may have been served by the
 * server a moment ago or by the service worker's cache days ago, so the screen tells no age for it;
 * the stored copy, read a moment later, brings its real one.
 */
export interface InitialAnswer {
  value: unknown;
}

const answers = new Map<string, InitialAnswer>();

/**
 * The answer's key: the operation's path, and its parameters as use-cached-query writes them
 * (stableStringify) when it has any (a customer document's kind).
 */
export const initialAnswerKey = (path: string, paramsText = '') =>
  paramsText === '' ? path : `${path} ${paramsText}`;

export function setInitialAnswer(path: string, answer: InitialAnswer): void {
  answers.set(path, answer);
}

/** For tests: a page without answers again. */
export function forgetInitialAnswers(): void {
  answers.clear();
}

export function initialAnswer(path: string): InitialAnswer | undefined {
  return answers.get(path);
}

/** The id of the JSON block a prerendered page carries its answers in. */
export const INITIAL_ANSWERS_ID = 'initial-answers';

/** Reads the answers a prerendered page carries (none on a page that is not prerendered). */
export function readInitialAnswers(document: Document): void {
  const block = document.getElementById(INITIAL_ANSWERS_ID);
  if (!block?.textContent) return;
  try {
    const parsed = JSON.parse(block.textContent) as Record<string, InitialAnswer>;
    for (const [path, answer] of Object.entries(parsed)) setInitialAnswer(path, answer);
  } catch {
    // A damaged block only costs the head start: the screen loads its data as usual.
  }
}
