/** The service worker as the page sees it, for /debug; follows its changes. */
import { useEffect, useState } from 'react';
import type { ServiceWorkerSummary } from './debug-report';

function describe(worker: ServiceWorker | null | undefined): string | null {
  return worker ? `${new URL(worker.scriptURL).pathname} (${worker.state})` : null;
}

export async function readServiceWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<ServiceWorkerSummary> {
  if (!container) {
    return {
      supported: false,
      registration: null,
      active: null,
      controller: null,
      waiting: null,
      installing: null,
    };
  }
  const registration = await container.getRegistration().catch(() => undefined);
  return {
    supported: true,
    registration: registration?.scope ?? null,
    active: describe(registration?.active),
    controller: describe(container.controller),
    waiting: describe(registration?.waiting),
    installing: describe(registration?.installing),
  };
}

export function useServiceWorkerState(): ServiceWorkerSummary | null {
  const [state, setState] = useState<ServiceWorkerSummary | null>(null);
  useEffect(() => {
    let current = true;
    const refresh = () => void readServiceWorker().then((next) => current && setState(next));
    refresh();
    const container = globalThis.navigator?.serviceWorker;
    container?.addEventListener('controllerchange', refresh);
    const timer = setInterval(refresh, 2000);
    return () => {
      current = false;
      container?.removeEventListener('controllerchange', refresh);
      clearInterval(timer);
    };
  }, []);
  return state;
}
