import type { Backend } from './types';

/**
 * docs/rules.md#renderer: the backends a renderer tries, best first. The one place this order is
 * written (tests/unit/codebase/backendOrder.test.ts): the page's entry, the first stars, the star
 * budget's adapter probe, the renderer host and its recovery after a lost device all ask a policy.
 */
const PREFERRED: readonly Backend[] = ['webgpu', 'webgl2'];

/** `renderer=webgpu|webgl2` in the page's query string (before the hash), or undefined. */
export function forcedBackend(search: string): Backend | undefined {
  const value = new URLSearchParams(search).get('renderer');
  return value === 'webgpu' || value === 'webgl2' ? value : undefined;
}

/** What the first backend that started gave, or why none did (one reason per backend tried). */
export interface FirstStarted<T> {
  started?: { backend: Backend; value: T };
  reasons: string[];
}

/** Which backends are tried, in which order, and which after a lost device. */
export class BackendPolicy {
  /** Tried in turn: the forced backend only, else WebGPU then WebGL2. */
  readonly order: readonly Backend[];

  constructor(readonly forced?: Backend) {
    this.order = forced ? [forced] : PREFERRED;
  }

  /** The policy of this page: `renderer=` in its query string, if any. */
  static ofPage(): BackendPolicy {
    return new BackendPolicy(typeof location === 'undefined' ? undefined : forcedBackend(location.search));
  }

  /** Whether `backend` is the one tried first (the entry starts its device early only then). */
  triesFirst(backend: Backend): boolean {
    return this.order[0] === backend;
  }

  /**
   * Tried after the device of a renderer on `lost` was lost: that backend again, then those after it
   * in the preferred order (a lost WebGPU device may fall back to WebGL2, even when WebGPU was forced:
   * a browser that drew must keep drawing).
   */
  afterLoss(lost: Backend): readonly Backend[] {
    return PREFERRED.slice(PREFERRED.indexOf(lost));
  }

  /**
   * Asks `start` for each backend of `order` (this policy's by default) in turn, until one gives a
   * value; undefined or a throw means that backend did not start, with the thrown message as its reason.
   */
  async firstThatStarts<T>(start: (backend: Backend) => Promise<T | undefined> | T | undefined, order: readonly Backend[] = this.order): Promise<FirstStarted<T>> {
    const reasons: string[] = [];
    for (const backend of order) {
      try {
        const value = await start(backend);
        if (value !== undefined) return { started: { backend, value }, reasons };
        reasons.push(`${backend} did not start`);
      } catch (error) {
        reasons.push(error instanceof Error ? error.message : String(error));
      }
    }
    return { reasons };
  }
}
