/**
 * happy-dom's IntersectionObserver never reports anything; a test where the page has been scrolled
 * to what it observes stubs it with this one, which reports every target on the screen at once.
 */
export class EverythingOnScreen {
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.report([{ isIntersecting: true }]);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
