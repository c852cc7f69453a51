import { FIELD_OF_VIEW_DEGREES, type Camera } from '../camera';
import { StarLayout, type StarCells, type VisibleRuns } from '../starCells';
import { HOVER_SIZE_FACTOR } from '../starStyle';
import { cellHidden } from './hiddenCells';
import { CULL_FROM_STARS_PER_PIXEL } from '../crowdedViews';
import { occlusionStages, runsOf, type Stage } from './occlusion';
import { maxPointSize } from './device';
import { bindStarAttribute, STAR_ATTRIBUTES, StarProgram } from './starPasses';
import type { WebGL2FrameTarget } from './target';

/**
 * Stars as gl.POINTS from three vertex buffers (position, RGBA8 colour, size) stored in cell
 * order (see StarLayout), so that a frame draws only the runs of cells in view with plain drawArrays.
 */
export class WebGL2Points {
  private program: StarProgram;
  private cullProgram: StarProgram;
  private vao: WebGLVertexArrayObject;
  /** Position and colour buffers double as the links' (webgl2/links.ts); set() rewrites them in place. */
  readonly positionBuffer: WebGLBuffer;
  readonly colorBuffer: WebGLBuffer;
  private sizeBuffer: WebGLBuffer;
  private footprintBuffer: WebGLBuffer;
  /** Whether the footprint buffer holds this.count footprints (made at the first updateFootprints after set). */
  private footprintsBacked = false;
  layout: StarLayout | undefined;
  private count = 0;
  private maxPointSize: number;

  constructor(private gl: WebGL2RenderingContext) {
    this.program = new StarProgram(gl);
    this.cullProgram = new StarProgram(gl, { cullOccluded: true });
    this.maxPointSize = maxPointSize(gl);
    this.vao = gl.createVertexArray();
    this.positionBuffer = gl.createBuffer();
    this.colorBuffer = gl.createBuffer();
    this.sizeBuffer = gl.createBuffer();
    this.footprintBuffer = gl.createBuffer();
    gl.bindVertexArray(this.vao);
    bindStarAttribute(gl, 'position', this.positionBuffer);
    bindStarAttribute(gl, 'color', this.colorBuffer);
    bindStarAttribute(gl, 'size', this.sizeBuffer);
    bindStarAttribute(gl, 'footprint', this.footprintBuffer);
    gl.bindVertexArray(null);
  }

  set(positions: Float32Array, colors: Uint8Array, sizes: Float32Array, cells: StarCells): void {
    const gl = this.gl;
    this.layout = new StarLayout(cells, sizes, HOVER_SIZE_FACTOR);
    this.count = positions.length / 3;
    // Rewritten in place as tiles come and go or stars move.
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positionBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, positions, gl.DYNAMIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colorBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, colors, gl.DYNAMIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.sizeBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, sizes, gl.DYNAMIC_DRAW);
    // Every star its own size (the constant StarProgram sets) until footprints are written: a whole
    // galaxy never writes any, and a buffer of ones cost 4 bytes a star on the GPU, a copy on the page,
    // and an upload that doubled the browser's transfer buffer (docs/decisions.md, classic npm's memory).
    if (this.footprintsBacked) {
      gl.bindBuffer(gl.ARRAY_BUFFER, this.footprintBuffer);
      gl.bufferData(gl.ARRAY_BUFFER, 0, gl.DYNAMIC_DRAW);
      this.footprintsBacked = false;
    }
    this.readFootprints(false);
  }

  /** Whether the vertex array reads the footprint buffer (true) or the constant footprint 1 (false). */
  private readFootprints(fromBuffer: boolean): void {
    const gl = this.gl;
    gl.bindVertexArray(this.vao);
    if (fromBuffer) gl.enableVertexAttribArray(STAR_ATTRIBUTES.footprint.location);
    else gl.disableVertexAttribArray(STAR_ATTRIBUTES.footprint.location);
    gl.bindVertexArray(null);
  }

  setCells(cells: StarCells): void {
    this.layout?.setCells(cells);
  }

  updateStars(start: number, count: number, positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void {
    const gl = this.gl;
    const layout = this.layout;
    if (!layout || count <= 0 || start + count > this.count) return;
    layout.noteStarSizes(sizes, start, count);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positionBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, start * 12, positions, start * 3, count * 3);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colorBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, start * 4, colors, start * 4, count * 4);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.sizeBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, start * 4, sizes, start, count);
  }

  updateColors(colors: Uint8Array, start: number, count: number): void {
    const gl = this.gl;
    if (!this.layout) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colorBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, start * 4, colors, start * 4, count * 4);
  }

  updateSizes(sizes: Float32Array, start: number, count: number): void {
    const gl = this.gl;
    const layout = this.layout;
    if (!layout) return;
    layout.noteSizes(sizes, start, count);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.sizeBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, start * 4, sizes, start, count);
  }

  updateFootprints(footprints: Float32Array, start: number, count: number): void {
    const gl = this.gl;
    if (!this.layout || count <= 0 || start + count > this.count) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.footprintBuffer);
    if (this.footprintsBacked) {
      gl.bufferSubData(gl.ARRAY_BUFFER, start * 4, footprints, start, count);
      return;
    }
    // The first footprints since set(): the buffer is made now, every star not written its own size.
    if (start === 0 && count === this.count) {
      gl.bufferData(gl.ARRAY_BUFFER, footprints, gl.DYNAMIC_DRAW, 0, count);
    } else {
      const ones = new Float32Array(this.count).fill(1);
      ones.set(footprints.subarray(start, start + count), start);
      gl.bufferData(gl.ARRAY_BUFFER, ones, gl.DYNAMIC_DRAW);
    }
    this.footprintsBacked = true;
    this.readFootprints(true);
  }

  /** The runs of stars in view this frame, or stages to cull behind when the view is crowded. */
  plan(camera: Camera): StarDrawPlan {
    if (this.count === 0 || !this.layout) return { runs: undefined, stages: undefined };
    const runs = this.layout.visible(camera.viewProjection, camera.width, camera.height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
    if (runs.runs === 0) return { runs: undefined, stages: undefined };
    if (runs.stars < CULL_FROM_STARS_PER_PIXEL * camera.width * camera.height) return { runs, stages: undefined };
    const cells = this.layout.cells;
    return { runs, stages: occlusionStages(cells.count, cells.bounds, runs.cellIds, runs.visibleCells, camera.position) };
  }

  /** Draws what plan() chose; stages need `target` bound, to copy its depth between them. */
  draw(camera: Camera, plan: StarDrawPlan, target: WebGL2FrameTarget): void {
    const gl = this.gl;
    const { runs, stages } = plan;
    const layout = this.layout;
    if (!runs || !layout) return;
    // Blending off and depth writes on are the frame's standing state (renderer.ts): each pass that changes them restores them.
    gl.bindVertexArray(this.vao);
    if (!stages) {
      this.program.use(camera, this.maxPointSize);
      for (let r = 0; r < runs.runs; r++) gl.drawArrays(gl.POINTS, runs.first[r], runs.count[r]);
    } else {
      const { start, count, bounds } = layout.cells;
      const margin = layout.worldMargin(camera.height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
      stages.forEach((stage, s) => {
        let keep: ((cell: number) => boolean) | undefined;
        if (s === 0) this.program.use(camera, this.maxPointSize);
        else {
          target.copyDepth();
          const tiles = target.depthTiles();
          keep = (cell) => !cellHidden(bounds, cell, camera.viewProjection, margin, tiles);
          gl.bindVertexArray(this.vao);
          this.cullProgram.use(camera, this.maxPointSize);
          gl.activeTexture(gl.TEXTURE0);
          gl.bindTexture(gl.TEXTURE_2D, target.depthCopy);
          this.cullProgram.useDepthUnit(0);
        }
        const stageRuns = runsOf(start, count, stage, keep);
        for (let r = 0; r < stageRuns.first.length; r++) gl.drawArrays(gl.POINTS, stageRuns.first[r], stageRuns.count[r]);
      });
      gl.bindTexture(gl.TEXTURE_2D, null);
    }
    // The vertex array stays bound: every draw and every element-buffer write binds its own first.
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteBuffer(this.positionBuffer);
    gl.deleteBuffer(this.colorBuffer);
    gl.deleteBuffer(this.sizeBuffer);
    gl.deleteBuffer(this.footprintBuffer);
    gl.deleteVertexArray(this.vao);
    this.program.dispose();
    this.cullProgram.dispose();
  }
}

export interface StarDrawPlan {
  runs: VisibleRuns | undefined;
  stages: Stage[] | undefined;
}
