/**
 * A value made the first time it is asked for, then kept. For Intl formatters: the first one a
 * page makes loads ICU's locale data (about 15 ms of a fast desktop's main thread, four times that
 * on a cheap phone), so a module that only defines formatters must not make them when it loads.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
