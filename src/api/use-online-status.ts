/** Whether the browser believes it is online, updated by the online/offline events. */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
const assumeOnline = () => true;

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, assumeOnline);
}
