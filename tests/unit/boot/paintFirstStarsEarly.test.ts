import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_STARS_DONE_WAIT_MS, paintFirstStarsEarly, viewerMayStart, type DrawnFirstStars } from '../../../src/boot/firstStars';
import { BackendPolicy } from '../../../src/renderer/backendPolicy';
import type { EarlyGpu } from '../../../src/renderer/earlyGpu';

/** Whether `promise` has settled once `ms` of fake time have passed. */
async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe("the viewer's code, after the entry's first stars", () => {
  afterEach(() => vi.useRealTimers());

  it('runs only once their WebGPU frame is done on the GPU, even past the deadline for their arrival', async () => {
    vi.useFakeTimers();
    let finishFrame = () => {};
    const drawn: DrawnFirstStars = { done: new Promise<void>((resolve) => (finishFrame = resolve)) };
    const mayStart = viewerMayStart(Promise.resolve(drawn), 100);
    expect(await settledAfter(mayStart, 300)).toBe(false);
    finishFrame();
    expect(await settledAfter(mayStart, 0)).toBe(true);
  });

  it('waits for that frame at most FIRST_STARS_DONE_WAIT_MS past its submission', async () => {
    vi.useFakeTimers();
    const mayStart = viewerMayStart(Promise.resolve({ done: new Promise<void>(() => {}) }), 1000);
    expect(await settledAfter(mayStart, FIRST_STARS_DONE_WAIT_MS - 1)).toBe(false);
    expect(await settledAfter(mayStart, 1)).toBe(true);
  });

  it('runs at the deadline when no stars are drawn by then, and at once when there is nothing to draw', async () => {
    vi.useFakeTimers();
    const late = viewerMayStart(new Promise<DrawnFirstStars | undefined>(() => {}), 1000);
    expect(await settledAfter(late, 999)).toBe(false);
    expect(await settledAfter(late, 1)).toBe(true);
    expect(await settledAfter(viewerMayStart(Promise.resolve(undefined), 1000), 0)).toBe(true);
  });
});

describe("the entry's WebGPU first stars", () => {
  it("start their canvas, and with it the stars' pipeline, before the galaxy's manifest has answered", async () => {
    const canvas = vi.fn(async () => undefined);
    const gpu = { webgpu: { canvas, firstStarsDone: async () => undefined } } as unknown as EarlyGpu;
    const unanswered = () => new Promise<undefined>(() => {});
    void paintFirstStarsEarly({ href: 'http://host/#/galaxy/npm', policy: new BackendPolicy('webgpu'), files: { tiles: unanswered, positions: unanswered }, gpu });
    await vi.waitFor(() => expect(canvas).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });
});
