import { describe, expect, it } from 'vitest';
import { FRAME_ENTRY, frameWork, ownWorkFigures, type FrameWork } from '../../bench/support/frameWork';

const MAIN = { pid: 1, tid: 1 };
const span = (name: string, ts: number, dur: number, functionName?: string) => ({ ...MAIN, ph: 'X', name, ts, dur, tdur: dur, args: functionName ? { data: { functionName } } : {} });
const scriptCall = (functionName: string, ts: number, dur: number) => [span('v8.callFunction', ts, dur), span('FunctionCall', ts, dur - 10, functionName)];

/** One drawn frame (from one page frame callback to the next) of known work, in µs. */
const trace = JSON.stringify({
  traceEvents: [
    { ...MAIN, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } },
    // The frame callback's task: 1 ms of the page's frame (a scavenge inside it, nested events), 2 ms of the browser's own.
    span('ThreadControllerImpl::RunTask', 0, 3000),
    ...scriptCall(FRAME_ENTRY, 100, 1000),
    span('MinorGC', 200, 300),
    span('V8.GCScavenger', 210, 250),
    // A task that moves the camera (0.5 ms), then collects outside the call (0.4 ms), 1.1 ms of the browser's.
    span('ThreadControllerImpl::RunTask', 5000, 2000),
    ...scriptCall('tick', 5100, 500),
    span('MajorGC', 6000, 400),
    span('V8.GCCompactor', 6010, 380),
    // A collection as a task of its own.
    span('MinorGC', 8000, 200),
    // The next frame.
    span('ThreadControllerImpl::RunTask', 10_000, 1000),
    ...scriptCall(FRAME_ENTRY, 10_100, 500),
  ],
});

describe('frameWork', () => {
  it('counts V8 collections outside script calls as the app\'s own work, each collection once, and only the rest as the browser\'s', () => {
    const [frame, ...more] = frameWork(trace).frames;
    expect(more).toHaveLength(0);
    expect(frame.totalMs).toBeCloseTo(5.2);
    expect(frame.byKind.frameCallback).toBeCloseTo(1);
    expect(frame.byKind.cameraMove).toBeCloseTo(0.5);
    expect(frame.byKind.gcOutsideScript).toBeCloseTo(0.6);
    expect(frame.byKind.browser).toBeCloseTo(3.1);
    expect(frame.ownMs).toBeCloseTo(2.1);
    expect(frame.ownMs + frame.byKind.browser).toBeCloseTo(frame.totalMs);
    expect(frame.gcMs).toBeCloseTo(0.9);
  });

  it('counts the tasks that ran script per frame by the function each entered, the frame callback\'s by it', () => {
    const { scriptTasksPerFrame } = frameWork(trace);
    expect(scriptTasksPerFrame).toEqual([
      [FRAME_ENTRY, { tasks: 1, cpuMs: 3 }],
      ['tick', { tasks: 1, cpuMs: 2 }],
    ]);
  });
});

describe('ownWorkFigures', () => {
  const frames = (own: number[], browser = 1): FrameWork[] =>
    own.map((ownMs) => ({ totalMs: ownMs + browser, ownMs, gcMs: 0, byKind: { frameCallback: ownMs, cameraMove: 0, react: 0, otherScript: 0, gcOutsideScript: 0, browser } }));

  it('reads the bound from the app\'s own work and keeps the total beside it', () => {
    const figures = ownWorkFigures(frames([0.4, 0.6, 0.8, 1.0, 3.0]));
    expect(figures.ownMs).toEqual({ median: 0.8, p95: 3.0 });
    expect(figures.totalMs).toEqual({ median: 1.8, p95: 4.0 });
    expect(figures.meetsBound).toBe(true);
  });

  it('is not met when the median or the 95th percentile is over', () => {
    expect(ownWorkFigures(frames([0.9, 1.1, 1.2])).meetsBound).toBe(false);
    expect(ownWorkFigures(frames([...Array(9).fill(0.5), 4.5])).meetsBound).toBe(false);
  });
});
