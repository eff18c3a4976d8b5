/**
 * After «Обновить», the waiting worker takes over (controllerchange) and the page must reload
 * into the new version. workbox-window reloads only when the page already had a worker when it
 * registered; on a first visit that later finds an update it does not (its 'controlling' event
 * says isUpdate: false), so the page would keep running old code under the new worker.
 */
type ContainerLike = Pick<ServiceWorkerContainer, 'addEventListener'>;

export function reloadOnTakeover(
  container: ContainerLike | undefined = globalThis.navigator?.serviceWorker,
  reload: () => void = () => window.location.reload(),
): void {
  if (!container) return;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    reload();
  });
}
