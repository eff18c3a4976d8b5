/**
 * The page's <title>: the deepest matched route's `head` title (src/ui/page-title.ts). The
 * router's own HeadContent also renders meta tags, links, scripts and styles, of which the app
 * has none, and cost step 1's first bundle about 1.5 kB gzip; this reads the title alone.
 * React 19 hoists the element into <head>, and a server render writes it into the markup, where
 * the prerendered pages take it from (src/prerender/pages.tsx).
 */
import { useRouterState } from '@tanstack/react-router';

type Meta = ReadonlyArray<{ title?: string } | undefined> | undefined;

export function deepestTitle(matches: ReadonlyArray<{ meta?: Meta }>): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = matches[index]?.meta?.find((tag) => tag?.title)?.title;
    if (title) return title;
  }
  return undefined;
}

export function RouteTitle() {
  const title = useRouterState({ select: (state) => deepestTitle(state.matches) });
  return title ? <title>{title}</title> : null;
}
