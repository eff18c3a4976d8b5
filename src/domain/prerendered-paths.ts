/**
 * The addresses, besides the order form's first step (./cache-bust.ts), that the server sends as
 * HTML with their first screen in it (server/http/prerendered-pages.ts, src/prerender/pages.tsx),
 * each for its bare address only: a query changes the page (an email's sign-in link, filters).
 */
export const CABINET_LOGIN_PATH = '/cabinet-login';
export const CABINET_ORDERS_PATH = '/cabinet/orders';
/** «Где мой заказ?»: the tracking form, reached from the site and from mails without a link. */
export const TRACK_PATH = '/track';
