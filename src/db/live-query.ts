/**
 * The screens' one door to dexie-react-hooks: a query over the app database as React state, run
 * again whenever what it read changes. Features write their live hooks with it (the outbox's,
 * the partner's queued changes); only src/db and src/outbox import Dexie's packages themselves.
 */
export { useLiveQuery } from 'dexie-react-hooks';
