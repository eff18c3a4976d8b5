/**
 * The page's <title>: the deepest matched route's `head` title (ui/page-title.ts), which React
 * puts into the document's head. The router's own HeadContent does the same for every kind of
 * head tag (meta, links, scripts, a server's asset manifest); titles are all the app uses.
 */
import { useRouterState } from '@tanstack/react-router';

export function RouteTitle() {
  const title = useRouterState({
    select: (state) => {
      for (let index = state.matches.length - 1; index >= 0; index--) {
        const found = state.matches[index]?.meta?.find((meta) => meta?.title)?.title;
        if (found) return found;
      }
      return undefined;
    },
  });
  return title ? <title>{title}</title> : null;
}
