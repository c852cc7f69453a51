/**
 * Tasks of the page's main thread in a Chromium trace (categories `toplevel` and `devtools.timeline`),
 * grouped by the JavaScript functions they enter. Each task has its wall time (`dur`) and its thread
 * time (`tdur`, CPU time of that thread): on a machine shared with other processes the thread is
 * descheduled inside tasks, so only the CPU time says what a task's work costs.
 */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline'];

export interface TaskTimes {
  count: number;
  longestCpuMs: number;
  longestWallMs: number;
  totalCpuMs: number;
  /** The most CPU one task of the group spent on the page's style, layout and pre-paint. */
  longestLayoutCpuMs: number;
}

/** Trace events of the page's style, layout and pre-paint (the rendering steps a page's DOM changes cost). */
const LAYOUT_EVENTS = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint']);

/** A node of the V8 sampling profiler's call tree. */
export interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string };
}

/** A Chromium trace event, with the fields the bench's readers use. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  id?: string;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: {
      functionName?: string;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      startTime?: number;
    };
  };
}

/** A trace's events, whether an event on the renderer's main thread, and that thread's complete spans (unsorted). */
export function readRendererMainThread(trace: Buffer | string): { events: TraceEvent[]; onMain: (e: TraceEvent) => boolean; spans: TraceEvent[] } {
  const parsed = JSON.parse(trace.toString()) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}/${e.tid}`));
  const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}/${e.tid}`);
  return { events, onMain, spans: events.filter((e) => e.ph === 'X' && e.dur !== undefined && onMain(e)) };
}

/**
 * Top-level tasks of the renderer's main thread that call one of a group's functions (by name, which
 * minifying keeps for methods and class fields), per group. A task in no group is left out.
 */
export function mainThreadTasks(trace: Buffer | string, groups: Record<string, readonly string[]>): Record<string, TaskTimes> {
  const spans = readRendererMainThread(trace)
    .spans.sort((a, b) => a.pid - b.pid || a.tid - b.tid || a.ts - b.ts || b.dur! - a.dur!);
  const result: Record<string, TaskTimes> = {};
  for (const group of Object.keys(groups)) result[group] = { count: 0, longestCpuMs: 0, longestWallMs: 0, totalCpuMs: 0, longestLayoutCpuMs: 0 };
  let task: TraceEvent | undefined;
  let functions = new Set<string>();
  let layoutCpuMs = 0;
  const close = () => {
    if (!task) return;
    const group = Object.keys(groups).find((g) => groups[g].some((name) => functions.has(name)));
    if (group) {
      const times = result[group];
      const cpu = (task.tdur ?? 0) / 1000, wall = task.dur! / 1000;
      times.count++;
      times.totalCpuMs += cpu;
      times.longestCpuMs = Math.max(times.longestCpuMs, cpu);
      times.longestWallMs = Math.max(times.longestWallMs, wall);
      times.longestLayoutCpuMs = Math.max(times.longestLayoutCpuMs, layoutCpuMs);
    }
    task = undefined;
    functions = new Set();
    layoutCpuMs = 0;
  };
  for (const event of spans) {
    const inside = task && task.pid === event.pid && task.tid === event.tid && event.ts < task.ts + task.dur!;
    if (!inside) {
      close();
      task = event;
    }
    const name = event.name === 'FunctionCall' ? event.args?.data?.functionName : undefined;
    if (name) functions.add(name);
    if (event !== task && LAYOUT_EVENTS.has(event.name)) layoutCpuMs += (event.tdur ?? event.dur!) / 1000;
  }
  close();
  return result;
}
