/**
 * A Web Worker stand-in for unit tests (stub the global `Worker` with it): it answers what the test
 * tells it to with `reply`, and records being ended. `FakeWorker.last` is the latest one made.
 */
export class FakeWorker<Reply = unknown> {
  static last: FakeWorker | undefined;
  onmessage: ((event: MessageEvent<Reply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor() {
    FakeWorker.last = this as FakeWorker;
  }
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
  reply(data: Reply): void {
    this.onmessage?.({ data } as MessageEvent<Reply>);
  }
}
