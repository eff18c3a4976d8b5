/**
 * The app's page addresses, for the server: it answers any other page address with the app shell
 * and HTTP 404 (the app then shows its own «not found» page), so search engines and link checkers
 * see a missing page as missing. `$name` stands for one path segment, `{-$name}` for one or none. A unit test keeps this list
 * equal to the router's routes (src/routeTree.gen.ts).
 */
export const APP_ROUTES = [
  '/',
  '/account-deleted',
  '/admin-redirect',
  '/cabinet',
  '/cabinet-login',
  '/cabinet-redirect',
  '/cabinet/invoices',
  '/cabinet/notifications',
  '/cabinet/orders',
  '/cabinet/orders/$id',
  '/cabinet/organization',
  '/cabinet/profile',
  '/consent',
  '/crm',
  '/crm-access-request',
  '/crm-invite',
  '/crm/documents',
  '/crm/form-settings',
  '/crm/home',
  '/crm/mine',
  '/crm/monitoring',
  '/crm/monitoring/cron',
  '/crm/monitoring/order/$orderId',
  '/crm/monitoring/queue',
  '/crm/offices',
  '/crm/orders',
  '/crm/orders/$id',
  '/crm/partner',
  '/crm/partner/$partnerId/points',
  '/crm/push-notifications',
  '/crm/stats',
  '/crm/tariffs',
  '/crm/tariffs/$id',
  '/crm/users',
  '/debug',
  '/landing-old',
  '/login',
  '/no-access',
  '/offer',
  '/order',
  '/order/step-1',
  '/order/step-2',
  '/order/step-3',
  '/order/step-4',
  '/order/success',
  '/partner-redirect',
  '/privacy',
  '/profile',
  '/track/{-$token}',
] as const;

/** «/cabinet/orders/$id/» → «/cabinet/orders/$id»: the router treats both the same. */
export const normalRoute = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const PATTERNS = APP_ROUTES.map(
  (route) =>
    new RegExp(
      `^${route
        .replace(/\/\{-\$[A-Za-z]+\}/g, '(?:/[^/]+)?')
        .replace(/\$[A-Za-z]+/g, '[^/]+')
        .replace(/[.]/g, '\\.')}$`,
    ),
);

/** Whether a page address (without query) is one of the app's pages. */
export function isAppRoute(pathname: string): boolean {
  const path = normalRoute(pathname);
  return PATTERNS.some((pattern) => pattern.test(path));
}
