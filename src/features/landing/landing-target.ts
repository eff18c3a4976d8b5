/**
 * Where the landing route '/' sends the visitor (docs/back-office-screens.md, the landing). The
 * landing belongs to the installed app (its start_url is '/?pwa=true'); in a normal browser tab the
 * visitor goes to the order form.
 */
export interface LandingSession {
  cabinetAuthorized: boolean;
  /** Signed into the back office with a staff role. */
  crmAccess: boolean;
}

export interface LandingInput {
  /** display-mode: standalone, or iOS's navigator.standalone. */
  installed: boolean;
  /** The force-PWA flag stored on this device. */
  forcePwa: boolean;
  search: { pwa?: string; hash?: string; email?: string };
  session: LandingSession;
}

export const ORDER_FORM_HREF = '/order/step-1';

export type LandingTarget =
  /** A full page load, not a route change: the browser leaves the app shell's landing. */
  | { kind: 'browser'; href: typeof ORDER_FORM_HREF }
  | { kind: 'route'; to: '/cabinet-login'; search: { hash?: string; email?: string } }
  | { kind: 'route'; to: '/cabinet/orders' }
  | { kind: 'route'; to: '/crm/home' };

/** The landing belongs to the app: installed, opened with ?pwa=true, or forced on this device. */
export function opensInApp({ installed, forcePwa, search }: Omit<LandingInput, 'session'>): boolean {
  return installed || forcePwa || search.pwa === 'true';
}

export function landingTarget(input: LandingInput): LandingTarget {
  const { search, session } = input;
  if (!opensInApp(input)) return { kind: 'browser', href: ORDER_FORM_HREF };
  // A sign-in link from an email: both are needed for the automatic login.
  if (search.hash && search.email) {
    return { kind: 'route', to: '/cabinet-login', search: { hash: search.hash, email: search.email } };
  }
  if (session.cabinetAuthorized) return { kind: 'route', to: '/cabinet/orders' };
  if (session.crmAccess) return { kind: 'route', to: '/crm/home' };
  return { kind: 'route', to: '/cabinet-login', search: {} };
}
