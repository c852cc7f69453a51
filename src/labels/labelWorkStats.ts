/**
 * Main-thread time of the names' work, by kind of task, measured with performance.now() around the
 * work itself. That is wall-clock time: where other processes take the CPU it over-states the work
 * (the names bench adds each task's CPU time from a Chromium trace, docs/names.md#cost).
 */
export type LabelTaskKind =
  /** A slice of the candidate scan and of sending names to the raster worker, between frames. */
  | 'slice'
  /** Choosing, placing and fading the names for one frame. */
  | 'placement'
  /** Packing names sent back by the raster worker into the atlas. */
  | 'reply'
  /** Rasterising a name on the main thread (only where there is no raster worker). */
  | 'raster';

export interface LabelTaskTimes {
  count: number;
  totalMs: number;
  longestMs: number;
}

export type LabelWorkStats = Record<LabelTaskKind, LabelTaskTimes> & {
  /** Times the atlas was full and packed again with only the names in use. */
  atlasCompactions: number;
  /** Times the atlas was full even of names in use, and cleared (every name is rasterised again after that). */
  atlasClears: number;
  /** Passes of the candidate scan finished (the main-thread bench counts them per frame). */
  scanPasses: number;
  /** Scan passes begun: with the worker's, passes overlap and one whose candidates stay may never be answered (a newer pass makes its answer moot). */
  scanPassesBegun: number;
  /**
   * Passes in the names' worker, wall time from sent to candidates in: the scan, the messages, and
   * the rest of a raster batch the worker had begun (the names bench reports it).
   */
  workerPasses: LabelTaskTimes;
  /** Passes sent to the names' worker while names it rasterises were not back: each waits for that batch. */
  passesBehindRaster: number;
  /** Communities the constellation choice looked at (src/constellations/constellationNames.ts; the bench counts them per frame). */
  communitiesVisited: number;
  /** Constellation choices made (a full walk each), and places tried for constellation names (the bench counts both per frame). */
  constellationChoices: number;
  constellationPlacesTried: number;
};

const KINDS: readonly LabelTaskKind[] = ['slice', 'placement', 'reply', 'raster'];

export function emptyLabelWorkStats(): LabelWorkStats {
  const stats = { atlasCompactions: 0, atlasClears: 0, scanPasses: 0, scanPassesBegun: 0, communitiesVisited: 0, constellationChoices: 0, constellationPlacesTried: 0, workerPasses: { count: 0, totalMs: 0, longestMs: 0 }, passesBehindRaster: 0 } as LabelWorkStats;
  for (const kind of KINDS) stats[kind] = { count: 0, totalMs: 0, longestMs: 0 };
  return stats;
}

export function noteLabelTask(stats: LabelWorkStats, kind: LabelTaskKind, ms: number): void {
  noteTimes(stats[kind], ms);
}

export function noteTimes(times: LabelTaskTimes, ms: number): void {
  times.count++;
  times.totalMs += ms;
  times.longestMs = Math.max(times.longestMs, ms);
}

/** Starts counting again (the bench does between blocks). */
export function resetLabelWorkStats(stats: LabelWorkStats): void {
  Object.assign(stats, emptyLabelWorkStats());
}
