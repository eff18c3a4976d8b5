/** What every route's beforeLoad gets from the router (src/router.tsx fills it in). */
import type { Sessions } from '../../features/session/sessions';

export interface RouterContext {
  /**
   * The session stores, loaded on first need: the guards and signed-in areas use them, the order
   * form's first visit does not download them.
   */
  sessions: () => Promise<Sessions>;
  /** The path of the page shown before the navigation under way (none on a fresh page load). */
  previousPath: () => string | undefined;
}
