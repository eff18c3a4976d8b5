import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for a ServiceWorker whose state the test moves on. */
class FakeWorker extends EventTarget {
  scriptURL = 'http://localhost/service-worker.js';
  messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
}

function container(registration: FakeRegistration) {
  return {
    register: vi.fn(async () => registration),
  } as unknown as ServiceWorkerContainer & { register: ReturnType<typeof vi.fn> };
}

/** Each test gets the module afresh: registration is once per page. */
async function load() {
  vi.resetModules();
  return import('./service-worker-registration');
}

afterEach(() => vi.restoreAllMocks());

describe('service worker registration', () => {
  it('registers /service-worker.js at scope / once, however often it is asked', async () => {
    const { registerServiceWorker } = await load();
    const sw = container(new FakeRegistration());
    await Promise.all([registerServiceWorker(sw), registerServiceWorker(sw)]);
    expect(sw.register).toHaveBeenCalledTimes(1);
    expect(sw.register).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });
  });

  it('reports nothing for the first install: that worker takes the page without asking', async () => {
    const { registerServiceWorker, onWaitingWorker } = await load();
    const registration = new FakeRegistration();
    const first = new FakeWorker('installing');
    registration.installing = first;
    const seen = vi.fn();
    onWaitingWorker(seen);
    await registerServiceWorker(container(registration));
    first.become('installed');
    expect(seen).not.toHaveBeenCalled();
  });

  it('reports a new version installed behind the active one, and SKIP_WAITING goes only on request', async () => {
    const { registerServiceWorker, onWaitingWorker, activateWaitingWorker } = await load();
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    await registerServiceWorker(container(registration));
    const next = new FakeWorker('installing');
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    const seen = vi.fn();
    onWaitingWorker(seen);
    next.become('installed');
    expect(seen).toHaveBeenCalledWith(next);
    expect(next.messages).toEqual([]);
    activateWaitingWorker();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('reports a version already waiting when the page opens, also to late listeners', async () => {
    const { registerServiceWorker, onWaitingWorker } = await load();
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    registration.waiting = new FakeWorker('installed');
    await registerServiceWorker(container(registration));
    const seen = vi.fn();
    onWaitingWorker(seen);
    expect(seen).toHaveBeenCalledWith(registration.waiting);
  });

  it('does nothing without service worker support', async () => {
    const { registerServiceWorker } = await load();
    expect(await registerServiceWorker(undefined)).toBeUndefined();
  });
});

describe('registering after the page settles', () => {
  /** A page still loading: 'load' fires when the test says, idle callbacks run when it says. */
  function loadingPage() {
    const page = new EventTarget() as EventTarget & {
      document: { readyState: DocumentReadyState };
      requestIdleCallback: (run: () => void, options?: { timeout: number }) => number;
      setTimeout: typeof setTimeout;
    };
    const idle: (() => void)[] = [];
    page.document = { readyState: 'loading' };
    page.requestIdleCallback = (run) => idle.push(run);
    page.setTimeout = setTimeout;
    const finishLoading = () => {
      page.document.readyState = 'complete';
      page.dispatchEvent(new Event('load'));
    };
    const goIdle = () => {
      for (const run of idle.splice(0)) run();
    };
    return { page: page as unknown as Window, finishLoading, goIdle };
  }

  it('waits for the load event and then for an idle moment', async () => {
    const { afterPageSettles } = await load();
    const { page, finishLoading, goIdle } = loadingPage();
    const work = vi.fn();
    afterPageSettles(work, page);
    goIdle();
    expect(work).not.toHaveBeenCalled();
    finishLoading();
    expect(work).not.toHaveBeenCalled();
    goIdle();
    expect(work).toHaveBeenCalledOnce();
  });

  it('does not run once cancelled (the prompt left the page)', async () => {
    const { afterPageSettles } = await load();
    const { page, finishLoading, goIdle } = loadingPage();
    const work = vi.fn();
    const cancel = afterPageSettles(work, page);
    finishLoading();
    cancel();
    goIdle();
    expect(work).not.toHaveBeenCalled();
  });
});
