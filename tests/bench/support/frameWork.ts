import { median } from './benchBrowser';
import { readRendererMainThread, type ProfileNode, type TraceEvent } from './traceTasks';

/**
 * The page's main-thread CPU work per drawn frame, from a Chromium trace (TRACE_CATEGORIES plus the
 * V8 sampling profiler's): frames are cut at the page's one animation-frame callback (`pageFrame`,
 * src/timing/frameQueue.ts: what waits on the frame, the tile plan's and the camera save's trailing
 * runs, the names' due scan pass, the tile fades, the change batcher's flush, then the galaxy's draw,
 * `drawFrame`), and every main-thread task from one frame callback to the next counts for that frame.
 * The flight moves the camera every frame, so each such callback draws. Each task's CPU (thread
 * time) is split by the JavaScript it enters: the frame callback, React's scheduler, other script,
 * and the browser's own work around them (style, layout, paint, commit); GC is counted beside it.
 * With the profiler's category, it says which functions took the time inside the frame callback and outside it.
 *
 * The app's own work (`ownMs`, what issue 27's bound is about) is every kind but `browser`, plus V8's
 * garbage collection that runs outside a script call (in a task of its own, or between two calls of
 * a task). GC counts as the app's: V8's heap holds only what the page's JavaScript (the viewer, React)
 * allocates, so every collection is paid for the app's allocations, wherever V8 chooses to run it;
 * a collection inside a script call is in that call's time already. Chromium's own garbage
 * (Blink's Oilpan, `BlinkGC.*`) is not V8's and stays in `browser`.
 */
export const FRAME_WORK_CATEGORIES = ['toplevel', 'devtools.timeline', 'v8'];
/** The sampling profiler's category: it costs the main thread CPU too, so figures come from a flight without it. */
export const PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

export type WorkKind = 'frameCallback' | 'cameraMove' | 'react' | 'otherScript' | 'gcOutsideScript' | 'browser';

/** The kinds that are the app's own work; `browser` is Chromium's. */
export const OWN_KINDS: readonly WorkKind[] = ['frameCallback', 'cameraMove', 'react', 'otherScript', 'gcOutsideScript'];

export interface FrameWork {
  /** CPU ms of the main thread from this frame callback to the next. */
  totalMs: number;
  /** The app's part of it: every kind in OWN_KINDS (totalMs less byKind.browser). */
  ownMs: number;
  byKind: Record<WorkKind, number>;
  /** Every V8 collection's CPU, inside script calls or not (outermost GC events only). */
  gcMs: number;
}

export interface FrameWorkReport {
  frames: FrameWork[];
  /** Samples (CPU ms) inside the frame callback by the function on top of the stack, most first. */
  frameCallbackSelfMs: Array<[string, number]>;
  /** The same by every function on the stack (inclusive), most first. */
  frameCallbackTotalMs: Array<[string, number]>;
  /** Samples (CPU ms) on the main thread outside the frame callback, by function on top of the stack. */
  otherSelfMs: Array<[string, number]>;
  /**
   * Counted: main-thread tasks that ran script, per counted frame, by the function the task entered
   * first (the frame callback's task holds the bench's camera move too), with their CPU ms per frame.
   * Each task costs its dispatch beside its script, so a timer or message fewer a frame shows here.
   */
  scriptTasksPerFrame: Array<[string, { tasks: number; cpuMs: number }]>;
}

const GC_EVENTS = new Set(['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GCCompactor', 'V8.GCIncrementalMarking', 'V8.GCFinalizeMC']);
const REACT_ENTRIES = new Set(['performWorkUntilDeadline']);
/** The page's frame callback, which the galaxy's draw runs in (FrameQueue.pageFrame). */
export const FRAME_ENTRY = 'pageFrame';

/** The bench's own animation-frame callback, whose continuation moves the camera (setCamera: the planner, the scan's restart, listeners). */
const CAMERA_MOVE_ENTRY = 'tick';

const kinds = (): Record<WorkKind, number> => ({ frameCallback: 0, cameraMove: 0, react: 0, otherScript: 0, gcOutsideScript: 0, browser: 0 });

/** Per-frame work between the first and last frame callbacks whose frames `keep` says to count (by index). */
export function frameWork(trace: Buffer | string, keep: (frameIndex: number) => boolean = () => true): FrameWorkReport {
  const { events, onMain, spans: unsorted } = readRendererMainThread(trace);
  const spans = unsorted.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);

  // Top-level tasks, with their direct script calls and GC inside.
  interface Task { ts: number; end: number; cpu: number; calls: Array<{ name: string; cpu: number; ts: number; end: number }>; gc: number; gcOutsideScript: number }
  const tasks: Task[] = [];
  let task: Task | undefined;
  let call: { name: string; cpu: number; ts: number; end: number } | undefined;
  // The end of the last outermost GC event: GC events nest (MinorGC holds V8.GCScavenger), each collection counts once.
  let gcEnd = -Infinity;
  for (const e of spans) {
    const cpu = (e.tdur ?? e.dur!) / 1000;
    const outermostGc = GC_EVENTS.has(e.name) && e.ts >= gcEnd;
    if (outermostGc) gcEnd = e.ts + e.dur!;
    if (!task || e.ts >= task.end) {
      // A collection can be a task of its own (idle-time marking, a scavenge between tasks).
      const gc = outermostGc ? cpu : 0;
      task = { ts: e.ts, end: e.ts + e.dur!, cpu, calls: [], gc, gcOutsideScript: gc };
      call = undefined;
      tasks.push(task);
      continue;
    }
    // v8.callFunction holds the FunctionCall and the microtasks run after it (promise continuations:
    // the bench's flight moves the camera in one), so it is the call; its FunctionCall names it.
    const script = e.name === 'v8.callFunction' || e.name === 'FunctionCall';
    if (script && (!call || e.ts >= call.end)) {
      call = { name: e.args?.data?.functionName ?? '', cpu, ts: e.ts, end: e.ts + e.dur! };
      task.calls.push(call);
    } else if (e.name === 'FunctionCall' && call && !call.name) call.name = e.args?.data?.functionName ?? '';
    else if (outermostGc) {
      task.gc += cpu;
      if (!call || e.ts >= call.end) task.gcOutsideScript += cpu;
    }
  }

  const byEntry = new Map<string, { tasks: number; cpuMs: number }>();
  const frameStarts = tasks.flatMap((t) => t.calls.filter((c) => c.name === FRAME_ENTRY).map((c) => c.ts));
  const frames: FrameWork[] = [];
  const counted: Array<[number, number]> = [];
  for (let i = 0; i + 1 < frameStarts.length; i++) {
    if (!keep(i)) continue;
    const [from, to] = [frameStarts[i], frameStarts[i + 1]];
    counted.push([from, to]);
    const frame: FrameWork = { totalMs: 0, ownMs: 0, byKind: kinds(), gcMs: 0 };
    for (const t of tasks) {
      // A task holding this frame's callback counts for it from its start (its earlier callbacks move the camera for it).
      const holdsFrame = t.calls.some((c) => c.ts === from);
      const holdsNext = t.calls.some((c) => c.ts === to);
      if (!(holdsFrame || (t.ts >= from && t.ts < to && !holdsNext))) continue;
      if (t.calls.length > 0) {
        const entry = t.calls.some((c) => c.name === FRAME_ENTRY) ? FRAME_ENTRY : t.calls[0].name || '(anonymous)';
        const counts = byEntry.get(entry) ?? { tasks: 0, cpuMs: 0 };
        counts.tasks++;
        counts.cpuMs += t.cpu;
        byEntry.set(entry, counts);
      }
      frame.totalMs += t.cpu;
      frame.gcMs += t.gc;
      let script = 0;
      for (const c of t.calls) {
        const kind: WorkKind = c.name === FRAME_ENTRY ? 'frameCallback' : c.name === CAMERA_MOVE_ENTRY ? 'cameraMove' : REACT_ENTRIES.has(c.name) ? 'react' : 'otherScript';
        frame.byKind[kind] += c.cpu;
        script += c.cpu;
      }
      frame.byKind.gcOutsideScript += t.gcOutsideScript;
      frame.byKind.browser += Math.max(0, t.cpu - script - t.gcOutsideScript);
    }
    frame.ownMs = OWN_KINDS.reduce((sum, kind) => sum + frame.byKind[kind], 0);
    frames.push(frame);
  }

  // Sampling profile of the main thread: which functions the samples fell in.
  const inFrameCallback = (ts: number) => tasks.some((t) => t.calls.some((c) => c.name === FRAME_ENTRY && ts >= c.ts && ts < c.end));
  const inCounted = (ts: number) => counted.some(([from, to]) => ts >= from && ts < to);
  const self = new Map<string, number>(), total = new Map<string, number>(), other = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  const profiles = new Map<string, { start: number; last: number; nodes: Map<number, ProfileNode>; onMain: boolean }>();
  for (const e of events) {
    if (e.ph !== 'P' || !e.id) continue;
    if (e.name === 'Profile') profiles.set(e.id, { start: e.args?.data?.startTime ?? e.ts, last: e.args?.data?.startTime ?? e.ts, nodes: new Map(), onMain: onMain(e) });
    if (e.name !== 'ProfileChunk') continue;
    const profile = profiles.get(e.id);
    if (!profile || !profile.onMain) continue;
    for (const node of e.args?.data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const samples = e.args?.data?.cpuProfile?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const previous = profile.last;
      profile.last += deltas[i] ?? 0;
      const ts = profile.last;
      if (!inCounted(ts)) return;
      const ms = (ts - previous) / 1000;
      if (ms <= 0 || ms > 10) return;
      const top = profile.nodes.get(id);
      const name = (node?: ProfileNode) => node?.callFrame.functionName || '(anonymous)';
      if (!inFrameCallback(ts)) {
        add(other, name(top), ms);
        return;
      }
      add(self, name(top), ms);
      const seen = new Set<string>();
      for (let node = top; node; node = node.parent !== undefined ? profile.nodes.get(node.parent) : undefined) {
        const key = name(node);
        if (!seen.has(key)) add(total, key, ms);
        seen.add(key);
      }
    });
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]): [string, number] => [k, Number(v.toFixed(1))]);
  const perFrame = Math.max(1, frames.length);
  const scriptTasksPerFrame = [...byEntry]
    .sort((a, b) => b[1].cpuMs - a[1].cpuMs)
    .map(([entry, { tasks, cpuMs }]): [string, { tasks: number; cpuMs: number }] => [entry, { tasks: Number((tasks / perFrame).toFixed(2)), cpuMs: Number((cpuMs / perFrame).toFixed(3)) }]);
  return { frames, frameCallbackSelfMs: top(self, 25), frameCallbackTotalMs: top(total, 25), otherSelfMs: top(other, 15), scriptTasksPerFrame };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Issue 27's bound on the app's own main-thread work per drawn frame (CPU ms). */
export const OWN_WORK_BOUND = { medianMs: 1, p95Ms: 4 } as const;

export interface OwnWorkFigures {
  /** The app's own work per drawn frame (FrameWork.ownMs), median and p95: what the bound is about. */
  ownMs: { median: number; p95: number };
  /** Everything on the main thread per drawn frame, Chromium's own work included, beside it. */
  totalMs: { median: number; p95: number };
  /** Whether ownMs meets OWN_WORK_BOUND (median and p95 both). */
  meetsBound: boolean;
}

/** The figures issue 27's bound is read from, with the total beside them so that the split hides nothing. */
export function ownWorkFigures(frames: readonly FrameWork[]): OwnWorkFigures {
  const of = (pick: (f: FrameWork) => number) => {
    const values = frames.map(pick);
    return { median: values.length ? median(values) : NaN, p95: percentile(values, 0.95) };
  };
  const ownMs = of((f) => f.ownMs);
  return { ownMs, totalMs: of((f) => f.totalMs), meetsBound: ownMs.median <= OWN_WORK_BOUND.medianMs && ownMs.p95 <= OWN_WORK_BOUND.p95Ms };
}
