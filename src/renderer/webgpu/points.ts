import { mat4 } from 'gl-matrix';
import { BIG_DRAW_ARGS, STARS_PER_INVOCATION, WINNERS_START, WORKGROUP } from '../shaderConstants';
import { FIELD_OF_VIEW_DEGREES, perspectiveTimesView, type Camera } from '../camera';
import { CULL_FROM_STARS_PER_PIXEL, STAGE_ENDS } from '../crowdedViews';
import { NearestCells } from '../nearestCells';
import { StarLayout, type StarCells, type VisibleRuns } from '../starCells';
import { HOVER_SIZE_FACTOR } from '../starStyle';
import { cellTest, NO_TEST, type CellTest } from './hiddenCells';
import { WebGPUOcclusion } from './occlusion';
import { uploadBuffer } from './buffers';
import { sameElements } from '../sameElements';
import type { RenderCommands } from './renderBundle';
import { bigStarsPipeline, STAR_DEPTH_STENCIL, starBindGroup, starPassModule } from './starPasses';

const STARS_PER_WORKGROUP = WORKGROUP * STARS_PER_INVOCATION;
const MAX_GROUPS_PER_DIMENSION = 65535;
/** u32s per span (Span in starsCommon.wgsl): first slot, count, first tile, last tile, near key. */
const SPAN_WORDS = 5;
/** nearestFirst's stage bounds when the view is not crowded (one stage). */
const NO_STAGES: readonly number[] = [];

/** The least offset alignment of a storage binding WebGPU guarantees (minStorageBufferOffsetAlignment). */
const STORAGE_OFFSET_ALIGNMENT = 256;

/**
 * Stars from position, RGBA8 colour and size storage buffers stored in cell order, so that a
 * frame touches only the runs of cells in view. Stars a few pixels wide are splatted by two compute
 * passes and written to the frame by one full-screen triangle; bigger ones are one triangle each,
 * listed by the first compute pass and drawn indirectly (see shaders/starsCommon.wgsl for why; the
 * passes and their bindings are declared in starPasses.ts). In views with more stars than pixels
 * the first pass runs in stages and skips cells already hidden (occlusion.ts).
 * The position and colour buffers double as the links' vertex buffers (made again by set()).
 */
export class WebGPUPoints {
  private drawPipeline: GPURenderPipeline;
  private resolvePipeline: GPURenderPipeline;
  private depthPipeline: GPUComputePipeline;
  private colorPipeline: GPUComputePipeline;
  private drawBindGroup: GPUBindGroup | undefined;
  private occlusion: WebGPUOcclusion;
  /** One per depth stage, each reading its own base and end. */
  private depthBindGroups: GPUBindGroup[] = [];
  private colorBindGroup: GPUBindGroup | undefined;
  private resolveBindGroup: GPUBindGroup | undefined;
  positionBuffer: GPUBuffer | undefined;
  colorBuffer: GPUBuffer | undefined;
  private sizeBuffer: GPUBuffer | undefined;
  private footprintBuffer: GPUBuffer | undefined;
  /** Per star: the slots of the stars drawn as triangles. */
  private bigBuffer: GPUBuffer | undefined;
  /** One span (SPAN_WORDS) per splatting workgroup, nearest cells first. */
  private spansBuffer: GPUBuffer | undefined;
  private spansData = new Uint32Array(0);
  /**
   * The spans the GPU holds as last written (their first `spansOnGpu` words), while no culling
   * pass has emptied any since; undefined otherwise. A flight over the same cells in the same
   * order writes them once.
   */
  private spansWritten = new Uint32Array(0);
  private spansOnGpu: number | undefined;
  /** The first workgroup of each depth stage after the first, then the number of workgroups. */
  private stageEnds: number[] = [];
  private viewProjection = mat4.create();
  private projection = mat4.create();
  private test: CellTest = { tileMin: 0, tileMax: 0, nearKey: NO_TEST };
  private nearestCells = new NearestCells();
  private cellOrder = new Uint32Array(0);
  /**
   * Per pixel the nearest inverted depth bits (depthKeys), then from `countersAt` the frame
   * counters and per star the slots of the stars that won a pixel (winnersOut, see WINNERS_START):
   * one buffer, so that the frame's one clearBuffer resets both the depth keys and the counters
   * (splatDepth sets the counters' ones), where a second call wrote the counters each frame.
   */
  private splatDepth: GPUBuffer | undefined;
  private countersAt = 0;
  /** Per pixel: colour of the splatted star. */
  private splatColors: GPUBuffer | undefined;
  private pixels = { width: 0, height: 0 };
  layout: StarLayout | undefined;
  private count = 0;
  /** The compute pass's descriptor, kept: each frame sets only its timestamps. */
  private computePass: GPUComputePassDescriptor = { label: 'splat stars' };
  /** Bumped whenever a buffer or bind group draw() encodes is made again (the renderer's recorded pass follows it). */
  drawVersion = 0;

  constructor(private device: GPUDevice, format: GPUTextureFormat, private uniforms: GPUBuffer) {
    this.drawPipeline = bigStarsPipeline(device, format);
    const resolve = starPassModule(device, 'resolve');
    this.resolvePipeline = device.createRenderPipeline({
      label: 'splatted stars',
      layout: 'auto',
      vertex: { module: resolve, entryPoint: 'vsResolve' },
      fragment: { module: resolve, entryPoint: 'fsResolve', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
      depthStencil: STAR_DEPTH_STENCIL,
    });
    this.depthPipeline = device.createComputePipeline({ label: 'splat depth', layout: 'auto', compute: { module: starPassModule(device, 'splatDepth'), entryPoint: 'splatDepth' } });
    this.colorPipeline = device.createComputePipeline({ label: 'splat colour', layout: 'auto', compute: { module: starPassModule(device, 'splatColor'), entryPoint: 'splatColor' } });
    this.occlusion = new WebGPUOcclusion(device, uniforms);
  }

  set(positions: Float32Array, colors: Uint8Array, sizes: Float32Array, cells: StarCells): void {
    this.destroyStarBuffers();
    this.count = positions.length / 3;
    const layout = new StarLayout(cells, sizes, HOVER_SIZE_FACTOR);
    this.layout = layout;
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    this.positionBuffer = uploadBuffer(this.device, positions, 'star positions', storage | GPUBufferUsage.VERTEX);
    this.colorBuffer = uploadBuffer(this.device, colors, 'star colours', storage | GPUBufferUsage.VERTEX);
    this.sizeBuffer = uploadBuffer(this.device, sizes, 'star sizes', storage);
    this.footprintBuffer = uploadBuffer(this.device, new Float32Array(this.count).fill(1), 'star footprints', storage);
    this.bigBuffer = this.device.createBuffer({ label: 'big stars', size: Math.max(1, this.count) * 4, usage: storage });
    this.drawBindGroup = starBindGroup(this.device, this.drawPipeline, 'bigStars', {
      u: this.uniforms,
      positions: this.positionBuffer,
      colors: this.colorBuffer,
      sizes: this.sizeBuffer,
      footprints: this.footprintBuffer,
      bigIn: this.bigBuffer,
    });
    this.fitSpans(layout.cells);
    this.pixels = { width: 0, height: 0 };
  }

  setCells(cells: StarCells): void {
    const layout = this.layout;
    if (!layout) return;
    layout.setCells(cells);
    this.fitSpans(cells);
  }

  /**
   * Room for the spans of every cell: a cell's stars split into workgroups, so at most one span per
   * cell plus one per STARS_PER_WORKGROUP stars. Grows only; the splat's bind groups follow.
   */
  private fitSpans(cells: StarCells): void {
    if (this.cellOrder.length < cells.cells) this.cellOrder = new Uint32Array(cells.cells);
    const maxWorkgroups = cells.cells + Math.ceil(this.count / STARS_PER_WORKGROUP);
    if (this.spansBuffer && this.spansData.length >= maxWorkgroups * SPAN_WORDS) return;
    this.spansBuffer?.destroy();
    this.spansData = new Uint32Array(Math.max(1, maxWorkgroups) * SPAN_WORDS);
    this.spansBuffer = this.device.createBuffer({ label: 'star spans in view', size: this.spansData.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    this.spansOnGpu = undefined;
    this.pixels = { width: 0, height: 0 };
  }

  updateStars(start: number, count: number, positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void {
    const { positionBuffer, colorBuffer, sizeBuffer, layout } = this;
    if (!positionBuffer || !colorBuffer || !sizeBuffer || !layout || count <= 0 || start + count > this.count) return;
    layout.noteStarSizes(sizes, start, count);
    const queue = this.device.queue;
    queue.writeBuffer(positionBuffer, start * 12, positions as Float32Array<ArrayBuffer>, start * 3, count * 3);
    queue.writeBuffer(colorBuffer, start * 4, colors as Uint8Array<ArrayBuffer>, start * 4, count * 4);
    queue.writeBuffer(sizeBuffer, start * 4, sizes as Float32Array<ArrayBuffer>, start, count);
  }

  updateColors(colors: Uint8Array, start: number, count: number): void {
    const { colorBuffer, layout } = this;
    if (!colorBuffer || !layout) return;
    this.device.queue.writeBuffer(colorBuffer, start * 4, colors as Uint8Array<ArrayBuffer>, start * 4, count * 4);
  }

  updateSizes(sizes: Float32Array, start: number, count: number): void {
    const { sizeBuffer, layout } = this;
    if (!sizeBuffer || !layout) return;
    layout.noteSizes(sizes, start, count);
    this.device.queue.writeBuffer(sizeBuffer, start * 4, sizes as Float32Array<ArrayBuffer>, start, count);
  }

  updateFootprints(footprints: Float32Array, start: number, count: number): void {
    const { footprintBuffer } = this;
    if (!footprintBuffer || count <= 0 || start + count > this.count) return;
    this.device.queue.writeBuffer(footprintBuffer, start * 4, footprints as Float32Array<ArrayBuffer>, start, count);
  }

  /**
   * Splats the small stars in view and lists the big ones (a compute pass on `encoder`, which
   * writes `timestampWrites` where given); returns whether there is anything for draw() to put in
   * the render pass, which is whether the compute pass was encoded.
   */
  prepare(encoder: GPUCommandEncoder, camera: Camera, width: number, height: number, timestampWrites?: GPUComputePassTimestampWrites): boolean {
    const { layout, spansBuffer } = this;
    if (this.count === 0 || !layout || !spansBuffer) return false;
    const runs = layout.visible(camera.viewProjection, camera.width, camera.height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
    if (runs.runs === 0) return false;
    this.ensurePixels(width, height);
    const crowded = runs.stars >= CULL_FROM_STARS_PER_PIXEL * width * height;
    const workgroups = this.nearestFirst(runs, camera, crowded ? this.cellTests(camera, width, height) : undefined);
    this.writeSpans(spansBuffer, workgroups * SPAN_WORDS);
    const splatDepth = this.splatDepth!;
    encoder.clearBuffer(splatDepth, 0, this.countersAt + WINNERS_START * 4);
    const passDescriptor = this.computePass;
    passDescriptor.timestampWrites = timestampWrites;
    const pass = encoder.beginComputePass(passDescriptor);
    this.splatDepthStages(pass);
    pass.setPipeline(this.colorPipeline);
    pass.setBindGroup(0, this.colorBindGroup!);
    pass.dispatchWorkgroupsIndirect(splatDepth, this.countersAt);
    pass.end();
    return true;
  }

  /** The first `words` of spansData into the spans buffer, unless it holds them already. */
  private writeSpans(spansBuffer: GPUBuffer, words: number): void {
    const { spansData, spansWritten } = this;
    // A culling stage empties spans on the GPU: after one, the buffer no longer holds what was written.
    const culls = this.stageEnds.length > 1;
    if (this.spansOnGpu === words && !culls && sameElements(spansData, 0, spansWritten, 0, words)) return;
    this.device.queue.writeBuffer(spansBuffer, 0, spansData, 0, words);
    if (culls) {
      this.spansOnGpu = undefined;
      return;
    }
    if (spansWritten.length < spansData.length) this.spansWritten = new Uint32Array(spansData.length);
    this.spansWritten.set(spansData.subarray(0, words));
    this.spansOnGpu = words;
  }

  /**
   * The depth pass, one dispatch per stage; before each stage after the first, the runs of that
   * stage already hidden are emptied (occlusion.ts).
   */
  private splatDepthStages(pass: GPUComputePassEncoder): void {
    const { stageEnds } = this;
    this.occlusion.writeStages(stageEnds);
    for (let s = 0, base = 0; s < stageEnds.length; base = stageEnds[s++]) {
      const workgroups = stageEnds[s] - base;
      if (s > 0) this.occlusion.cullBefore(pass, s, workgroups);
      // Past 65535 workgroups the grid is two-dimensional; the shader drops those past the stage's end.
      const groupsY = Math.ceil(workgroups / MAX_GROUPS_PER_DIMENSION);
      pass.setPipeline(this.depthPipeline);
      pass.setBindGroup(0, this.depthBindGroups[s]);
      pass.dispatchWorkgroups(Math.ceil(workgroups / groupsY), groupsY);
    }
  }

  /** How a cell's runs are tested against the tiles in later stages (see hiddenCells.ts). */
  private cellTests(camera: Camera, width: number, height: number): (cell: number) => CellTest {
    const { layout, test } = this;
    const viewProjection = perspectiveTimesView(this.viewProjection, camera.projectionZeroToOne(this.projection), camera.view);
    const margin = layout!.worldMargin(height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
    const bounds = layout!.cells.bounds;
    return (cell) => cellTest(bounds, cell, viewProjection, margin, width, height, test);
  }

  /**
   * Fills spansData with one span per workgroup over the cells in view, nearest cell first, so that
   * the depth pass meets most hidden stars after the stars that hide them, and stageEnds with the
   * stages: one, or with `tests` several of about STAGE_ENDS of the stars, whose runs after the
   * first stage carry their cell's test. Returns the number of workgroups.
   */
  private nearestFirst(runs: VisibleRuns, camera: Camera, tests: ((cell: number) => CellTest) | undefined): number {
    const { cellOrder, spansData } = this;
    const cells = this.layout!.cells;
    const n = runs.visibleCells;
    this.nearestCells.order(runs.cellIds, n, cells.bounds, camera.position, cellOrder);
    const stageEnds = this.stageEnds;
    stageEnds.length = 0;
    const stageStars = tests ? STAGE_ENDS.map((end) => end * runs.stars) : NO_STAGES;
    let workgroups = 0, stars = 0;
    for (let i = 0; i < n; i++) {
      const k = cellOrder[i];
      if (stageEnds.length < stageStars.length && stars >= stageStars[stageEnds.length]) stageEnds.push(workgroups);
      const test = stageEnds.length > 0 ? tests!(k) : undefined;
      const start = cells.start[k], count = cells.count[k];
      for (let offset = 0; offset < count; offset += STARS_PER_WORKGROUP) {
        const at = workgroups++ * SPAN_WORDS;
        spansData[at] = start + offset;
        spansData[at + 1] = Math.min(STARS_PER_WORKGROUP, count - offset);
        spansData[at + 2] = test?.tileMin ?? 0;
        spansData[at + 3] = test?.tileMax ?? 0;
        spansData[at + 4] = test?.nearKey ?? NO_TEST;
      }
      stars += count;
    }
    stageEnds.push(workgroups);
    return workgroups;
  }

  /** The splatted stars (colour and depth), then the big ones, into the render pass (or its bundle). */
  draw(pass: RenderCommands): void {
    if (!this.resolveBindGroup || !this.drawBindGroup || !this.splatDepth) return;
    pass.setPipeline(this.resolvePipeline);
    pass.setBindGroup(0, this.resolveBindGroup);
    pass.draw(3);
    pass.setPipeline(this.drawPipeline);
    pass.setBindGroup(0, this.drawBindGroup);
    pass.drawIndirect(this.splatDepth, this.countersAt + BIG_DRAW_ARGS * 4);
  }

  /** The per-pixel splat buffers and the bind groups that use them, for this canvas size. */
  private ensurePixels(width: number, height: number): void {
    if (this.splatDepth && this.pixels.width === width && this.pixels.height === height) return;
    this.splatDepth?.destroy();
    this.splatColors?.destroy();
    const size = Math.max(16, width * height * 4);
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    const countersAt = (this.countersAt = Math.ceil(size / STORAGE_OFFSET_ALIGNMENT) * STORAGE_OFFSET_ALIGNMENT);
    const winnersSize = (WINNERS_START + this.count) * 4;
    const splatDepth = (this.splatDepth = this.device.createBuffer({ label: 'splat depth, star counters and winners', size: countersAt + winnersSize, usage: usage | GPUBufferUsage.INDIRECT }));
    const depthKeys: GPUBufferBinding = { buffer: splatDepth, offset: 0, size };
    const winners: GPUBufferBinding = { buffer: splatDepth, offset: countersAt, size: winnersSize };
    const splatColors = (this.splatColors = this.device.createBuffer({ label: 'splat colours', size, usage }));
    this.occlusion.resize(width, height, depthKeys, this.spansBuffer!);
    this.pixels = { width, height };
    const u = this.uniforms, positions = this.positionBuffer!, colors = this.colorBuffer!, sizes = this.sizeBuffer!, footprints = this.footprintBuffer!;
    this.depthBindGroups = [0, ...STAGE_ENDS].map((_, s) =>
      starBindGroup(this.device, this.depthPipeline, 'splatDepth', {
        u, positions, colors, sizes, footprints, spans: this.spansBuffer!, depthKeys, bigOut: this.bigBuffer!, winnersOut: winners, stage: this.occlusion.stageOf(s),
      }),
    );
    this.drawVersion++;
    this.colorBindGroup = starBindGroup(this.device, this.colorPipeline, 'splatColor', { u, positions, colors, sizes, footprints, depthKeysIn: depthKeys, splatColors, winnersIn: winners });
    this.resolveBindGroup = starBindGroup(this.device, this.resolvePipeline, 'resolve', { u, depthKeysIn: depthKeys, splatColorsIn: splatColors });
  }

  private destroyStarBuffers(): void {
    for (const buffer of [this.positionBuffer, this.colorBuffer, this.sizeBuffer, this.footprintBuffer, this.bigBuffer, this.spansBuffer, this.splatDepth, this.splatColors]) buffer?.destroy();
    this.positionBuffer = this.colorBuffer = this.sizeBuffer = this.footprintBuffer = this.bigBuffer = this.spansBuffer = this.splatDepth = this.splatColors = undefined;
    this.drawBindGroup = this.colorBindGroup = this.resolveBindGroup = undefined;
    this.drawVersion++;
    this.depthBindGroups = [];
    this.occlusion.release();
  }

  dispose(): void {
    this.destroyStarBuffers();
    this.occlusion.dispose();
  }
}
