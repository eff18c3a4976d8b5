/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself: the package's shim
 * (pulled in by @tanstack/react-store's selector) ships a fallback for React 16 and 17 that the
 * app never runs. The selector variant the package also has is kept; it imports this.
 */
export { useSyncExternalStore } from 'react';
