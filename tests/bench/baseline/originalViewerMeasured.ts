/**
 * The original viewer's last measured first star frame on classic npm (firstframe bench with
 * ORIGINAL_VIEWER_DIR set), shown beside a run that did not open it. Copied from that run's report;
 * update it from a new run, never from memory.
 */
export const ORIGINAL_VIEWER_LAST_MEASURED = {
  date: '2026-11-27',
  conditions:
    'loopback, headless Chromium on SwiftShader, fresh context per opening, interleaved with ours; two runs (3 and 5 rounds per backend) ' +
    'on a loaded 2-core machine (load average 8-19)',
  /** Navigation start to its first WebGL1 draw of points, median and range per run; GPU done (gl.finish) was within 6 ms of it. */
  originalFirstPointsDrawMs: [
    { rounds: 3, beside: 'webgl2', medianMs: 1808, rangeMs: [940, 2616] },
    { rounds: 3, beside: 'webgpu', medianMs: 1349, rangeMs: [896, 1613] },
    { rounds: 5, beside: 'webgl2', medianMs: 1296, rangeMs: [1056, 1706] },
    { rounds: 5, beside: 'webgpu', medianMs: 1221, rangeMs: [976, 1506] },
  ],
  /** Our streamed first star frame (submitted) over the original's, in the same rounds. */
  oursOverOriginal: { webgl2: [0.34, 0.58], webgpu: [0.5, 0.64] },
};
