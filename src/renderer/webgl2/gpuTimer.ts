/** EXT_disjoint_timer_query_webgl2's enums (not in lib.dom). */
const TIME_ELAPSED_EXT = 0x88bf;
const GPU_DISJOINT_EXT = 0x8fbb;
/** Frames timed at once: results come a few frames late, and a frame begun while this many wait is not timed. */
const MAX_PENDING = 4;

/**
 * GPU time of frames from `EXT_disjoint_timer_query_webgl2` (docs/rules.md#url, `fps`): a query
 * around each frame's draws, read back once the GPU has it, a few frames later; a disjoint event
 * (the GPU's clock jumped) throws away what was pending. Undefined where the context lacks it.
 */
export class WebGL2GpuTimer {
  private pending: WebGLQuery[] = [];
  private timing: WebGLQuery | undefined;

  private constructor(private readonly gl: WebGL2RenderingContext) {}

  static create(gl: WebGL2RenderingContext): WebGL2GpuTimer | undefined {
    return gl.getExtension('EXT_disjoint_timer_query_webgl2') ? new WebGL2GpuTimer(gl) : undefined;
  }

  begin(): void {
    if (this.timing || this.pending.length >= MAX_PENDING) return;
    const query = this.gl.createQuery();
    if (!query) return;
    this.gl.beginQuery(TIME_ELAPSED_EXT, query);
    this.timing = query;
  }

  end(): void {
    if (!this.timing) return;
    this.gl.endQuery(TIME_ELAPSED_EXT);
    this.pending.push(this.timing);
    this.timing = undefined;
  }

  /** GPU milliseconds of the frames whose results came in since the last call, oldest first. */
  finished(): number[] {
    const { gl } = this;
    const times: number[] = [];
    while (this.pending.length > 0 && gl.getQueryParameter(this.pending[0], gl.QUERY_RESULT_AVAILABLE)) {
      const query = this.pending.shift()!;
      times.push(Number(gl.getQueryParameter(query, gl.QUERY_RESULT)) / 1e6);
      gl.deleteQuery(query);
    }
    if (gl.getParameter(GPU_DISJOINT_EXT)) return [];
    return times;
  }

  dispose(): void {
    for (const query of this.pending) this.gl.deleteQuery(query);
    this.pending = [];
  }
}
