import { mat4 } from 'gl-matrix';
import shaderSource from '../../../shaders/stars.wgsl?raw';
import { withWgslConstants } from '../shaderConstants';
import { FIELD_OF_VIEW_DEGREES, type Camera } from '../camera';
import { CULL_FROM_STARS_PER_PIXEL, STAGE_ENDS } from '../crowdedViews';
import { BULK_UPDATE_STARS, StarLayout, type StarCells, type VisibleRuns } from '../starCells';
import { HOVER_SIZE_FACTOR } from '../starStyle';
import { cellTest, NO_TEST, TILE_PIXELS, type CellTest } from './cellTests';
import { DEPTH_FORMAT } from './depth';

const WORKGROUP = 64;
/** STARS_PER_INVOCATION in stars.wgsl. */
const STARS_PER_INVOCATION = 16;
const STARS_PER_WORKGROUP = WORKGROUP * STARS_PER_INVOCATION;
/** Dispatch arguments and count before the list of winners (WINNERS_START in stars.wgsl). */
const WINNERS_START = 4;
const MAX_GROUPS_PER_DIMENSION = 65535;
/** Four indirect draw arguments before the list of big stars (BIG_LIST_START in stars.wgsl). */
const BIG_LIST_START = 4;
/** u32s per run (Run in stars.wgsl): first slot, count, first tile, last tile, near key. */
const RUN_WORDS = 5;
/** Bytes between the stages' uniforms (base and end workgroup), the least uniform offset alignment. */
const STAGE_STRIDE = 256;

/**
 * Stars from position, RGBA8 colour and size storage buffers stored in cell order, so that a
 * frame touches only the runs of cells in view. Stars a few pixels wide are splatted by two compute
 * passes and written to the frame by one full-screen triangle; bigger ones are one triangle each,
 * listed by the first compute pass and drawn indirectly (see shaders/stars.wgsl for why). In views
 * with more stars than pixels the first pass runs in stages and skips cells already hidden.
 * The position buffer doubles as the links' vertex buffer.
 */
export class WebGPUPoints {
  private drawPipeline: GPURenderPipeline;
  private resolvePipeline: GPURenderPipeline;
  private depthPipeline: GPUComputePipeline;
  private colorPipeline: GPUComputePipeline;
  private drawBindGroup: GPUBindGroup | undefined;
  private reducePipeline: GPUComputePipeline;
  private cullPipeline: GPUComputePipeline;
  /** One per depth stage, each reading its own base and end. */
  private depthBindGroups: GPUBindGroup[] = [];
  private cullBindGroups: GPUBindGroup[] = [];
  private reduceBindGroup: GPUBindGroup | undefined;
  private colorBindGroup: GPUBindGroup | undefined;
  private resolveBindGroup: GPUBindGroup | undefined;
  positionBuffer: GPUBuffer | undefined;
  private colorBuffer: GPUBuffer | undefined;
  private sizeBuffer: GPUBuffer | undefined;
  /** Per star: indirect draw arguments, then the slots of the stars drawn as triangles. */
  private bigBuffer: GPUBuffer | undefined;
  /** Per star: indirect dispatch arguments of splatColor, count, then the slots of stars that won a pixel. */
  private winnersBuffer: GPUBuffer | undefined;
  /** One run (RUN_WORDS) per splatting workgroup, nearest cells first. */
  private runsBuffer: GPUBuffer | undefined;
  private runsData = new Uint32Array(0);
  /** The first workgroup of each depth stage after the first, then the number of workgroups. */
  private stageEnds: number[] = [];
  private stageBuffer: GPUBuffer;
  private stageData = new Uint32Array(((STAGE_ENDS.length + 1) * STAGE_STRIDE) / 4);
  /** Per depth tile: the farthest inverted depth bits splatted so far. */
  private tileKeys: GPUBuffer | undefined;
  private viewProjection = mat4.create();
  private projection = mat4.create();
  private test: CellTest = { tileMin: 0, tileMax: 0, nearKey: NO_TEST };
  private cellDistance = new Float32Array(0);
  private cellOrder = new Uint32Array(0);
  /** Per pixel: nearest inverted depth bits and colour of the splatted stars. */
  private depthKeys: GPUBuffer | undefined;
  private splatColors: GPUBuffer | undefined;
  private pixels = { width: 0, height: 0 };
  private resetArgs = new Uint32Array([0, 1, 0, 0]);
  private resetWinners = new Uint32Array([0, 1, 1, 0]);
  layout: StarLayout | undefined;
  private count = 0;

  constructor(private device: GPUDevice, format: GPUTextureFormat, private uniforms: GPUBuffer) {
    const module = device.createShaderModule({ label: 'stars', code: withWgslConstants(shaderSource) });
    const depthStencil: GPUDepthStencilState = { format: DEPTH_FORMAT, depthWriteEnabled: true, depthCompare: 'less' };
    this.drawPipeline = device.createRenderPipeline({
      label: 'big stars',
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
      depthStencil,
    });
    this.resolvePipeline = device.createRenderPipeline({
      label: 'splatted stars',
      layout: 'auto',
      vertex: { module, entryPoint: 'vsResolve' },
      fragment: { module, entryPoint: 'fsResolve', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
      depthStencil,
    });
    this.depthPipeline = device.createComputePipeline({ label: 'splat depth', layout: 'auto', compute: { module, entryPoint: 'splatDepth' } });
    this.colorPipeline = device.createComputePipeline({ label: 'splat colour', layout: 'auto', compute: { module, entryPoint: 'splatColor' } });
    this.reducePipeline = device.createComputePipeline({ label: 'farthest depth per tile', layout: 'auto', compute: { module, entryPoint: 'reduceTiles' } });
    this.cullPipeline = device.createComputePipeline({ label: 'cull hidden runs', layout: 'auto', compute: { module, entryPoint: 'cullRuns' } });
    this.stageBuffer = device.createBuffer({ label: 'depth stages', size: this.stageData.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  }

  set(positions: Float32Array, colors: Uint8Array, sizes: Float32Array, cells?: StarCells): void {
    this.destroyStarBuffers();
    this.count = positions.length / 3;
    const layout = cells ? StarLayout.withCells(cells, sizes, HOVER_SIZE_FACTOR) : StarLayout.sortedIntoGrid(positions, sizes, HOVER_SIZE_FACTOR);
    this.layout = layout;
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    this.positionBuffer = this.upload(layout.reorder(positions, 3), 'star positions', storage | GPUBufferUsage.VERTEX);
    this.colorBuffer = this.upload(layout.reorder(colors, 4), 'star colours', storage);
    this.sizeBuffer = this.upload(layout.reorder(sizes, 1), 'star sizes', storage);
    this.bigBuffer = this.device.createBuffer({ label: 'big stars', size: (BIG_LIST_START + this.count) * 4, usage: storage | GPUBufferUsage.INDIRECT });
    this.winnersBuffer = this.device.createBuffer({ label: 'stars that won a pixel', size: (WINNERS_START + this.count) * 4, usage: storage | GPUBufferUsage.INDIRECT });
    this.drawBindGroup = this.bindGroup(this.drawPipeline, [[1, this.positionBuffer], [2, this.colorBuffer], [3, this.sizeBuffer], [8, this.bigBuffer]]);
    this.fitRuns(layout.cells);
    this.pixels = { width: 0, height: 0 };
  }

  setCells(cells: StarCells): void {
    const layout = this.layout;
    if (!layout?.cellsGiven) return;
    layout.setCells(cells);
    this.fitRuns(cells);
  }

  /**
   * Room for the runs of every cell: a cell's stars split into workgroups, so at most one run per
   * cell plus one per STARS_PER_WORKGROUP stars. Grows only; the splat's bind groups follow.
   */
  private fitRuns(cells: StarCells): void {
    if (this.cellOrder.length < cells.cells) {
      this.cellDistance = new Float32Array(cells.cells);
      this.cellOrder = new Uint32Array(cells.cells);
    }
    const maxWorkgroups = cells.cells + Math.ceil(this.count / STARS_PER_WORKGROUP);
    if (this.runsBuffer && this.runsData.length >= maxWorkgroups * RUN_WORDS) return;
    this.runsBuffer?.destroy();
    this.runsData = new Uint32Array(Math.max(1, maxWorkgroups) * RUN_WORDS);
    this.runsBuffer = this.device.createBuffer({ label: 'star runs in view', size: this.runsData.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    this.pixels = { width: 0, height: 0 };
  }

  updateStars(start: number, count: number, positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void {
    const { positionBuffer, colorBuffer, sizeBuffer, layout } = this;
    if (!positionBuffer || !colorBuffer || !sizeBuffer || !layout?.cellsGiven || count <= 0 || start + count > this.count) return;
    layout.noteStarSizes(sizes, start, count);
    const queue = this.device.queue;
    queue.writeBuffer(positionBuffer, start * 12, positions as Float32Array<ArrayBuffer>, start * 3, count * 3);
    queue.writeBuffer(colorBuffer, start * 4, colors as Uint8Array<ArrayBuffer>, start * 4, count * 4);
    queue.writeBuffer(sizeBuffer, start * 4, sizes as Float32Array<ArrayBuffer>, start, count);
  }

  updateColors(colors: Uint8Array, start: number, count: number): void {
    const { colorBuffer, layout } = this;
    if (!colorBuffer || !layout) return;
    if (layout.cellsGiven) {
      this.device.queue.writeBuffer(colorBuffer, start * 4, colors as Uint8Array<ArrayBuffer>, start * 4, count * 4);
      return;
    }
    if (count > BULK_UPDATE_STARS) {
      this.device.queue.writeBuffer(colorBuffer, 0, layout.reorder(colors, 4) as Uint8Array<ArrayBuffer>);
      return;
    }
    for (let id = start; id < start + count; id++) {
      this.device.queue.writeBuffer(colorBuffer, layout.slotOf(id) * 4, colors as Uint8Array<ArrayBuffer>, id * 4, 4);
    }
  }

  updateSizes(sizes: Float32Array, start: number, count: number): void {
    const { sizeBuffer, layout } = this;
    if (!sizeBuffer || !layout) return;
    layout.noteSizes(sizes, start, count);
    if (layout.cellsGiven) {
      this.device.queue.writeBuffer(sizeBuffer, start * 4, sizes as Float32Array<ArrayBuffer>, start, count);
      return;
    }
    if (count > BULK_UPDATE_STARS) {
      this.device.queue.writeBuffer(sizeBuffer, 0, layout.reorder(sizes, 1) as Float32Array<ArrayBuffer>);
      return;
    }
    for (let id = start; id < start + count; id++) {
      this.device.queue.writeBuffer(sizeBuffer, layout.slotOf(id) * 4, sizes as Float32Array<ArrayBuffer>, id, 1);
    }
  }

  /**
   * Splats the small stars in view and lists the big ones (compute passes on `encoder`); returns
   * whether there is anything for draw() to put in the render pass.
   */
  prepare(encoder: GPUCommandEncoder, camera: Camera, width: number, height: number): boolean {
    const { layout, bigBuffer, runsBuffer } = this;
    if (this.count === 0 || !layout || !bigBuffer || !runsBuffer) return false;
    const runs = layout.visible(camera.viewProjection, camera.width, camera.height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
    if (runs.runs === 0) return false;
    this.ensurePixels(width, height);
    const crowded = runs.stars >= CULL_FROM_STARS_PER_PIXEL * width * height;
    const workgroups = this.nearestFirst(runs, camera, crowded ? this.cellTests(camera, width, height) : undefined);
    this.device.queue.writeBuffer(runsBuffer, 0, this.runsData, 0, workgroups * RUN_WORDS);
    this.device.queue.writeBuffer(bigBuffer, 0, this.resetArgs);
    this.device.queue.writeBuffer(this.winnersBuffer!, 0, this.resetWinners);
    encoder.clearBuffer(this.depthKeys!);
    const pass = encoder.beginComputePass({ label: 'splat stars' });
    this.splatDepthStages(pass, width, height);
    pass.setPipeline(this.colorPipeline);
    pass.setBindGroup(0, this.colorBindGroup!);
    pass.dispatchWorkgroupsIndirect(this.winnersBuffer!, 0);
    pass.end();
    return true;
  }

  /**
   * The depth pass, one dispatch per stage; before each stage after the first, the farthest depth
   * of every tile so far, which that stage's runs are tested against.
   */
  private splatDepthStages(pass: GPUComputePassEncoder, width: number, height: number): void {
    const { stageEnds, stageData } = this;
    for (let s = 0, base = 0; s < stageEnds.length; base = stageEnds[s++]) {
      stageData[(s * STAGE_STRIDE) / 4] = base;
      stageData[(s * STAGE_STRIDE) / 4 + 1] = stageEnds[s];
    }
    this.device.queue.writeBuffer(this.stageBuffer, 0, stageData, 0, (stageEnds.length * STAGE_STRIDE) / 4);
    const tiles = Math.ceil(width / TILE_PIXELS) * Math.ceil(height / TILE_PIXELS);
    for (let s = 0, base = 0; s < stageEnds.length; base = stageEnds[s++]) {
      const workgroups = stageEnds[s] - base;
      if (s > 0) {
        pass.setPipeline(this.reducePipeline);
        pass.setBindGroup(0, this.reduceBindGroup!);
        pass.dispatchWorkgroups(Math.ceil(tiles / WORKGROUP));
        pass.setPipeline(this.cullPipeline);
        pass.setBindGroup(0, this.cullBindGroups[s]);
        pass.dispatchWorkgroups(Math.ceil(workgroups / WORKGROUP));
      }
      // Past 65535 workgroups the grid is two-dimensional; the shader drops those past the stage's end.
      const groupsY = Math.ceil(workgroups / MAX_GROUPS_PER_DIMENSION);
      pass.setPipeline(this.depthPipeline);
      pass.setBindGroup(0, this.depthBindGroups[s]);
      pass.dispatchWorkgroups(Math.ceil(workgroups / groupsY), groupsY);
    }
  }

  /** How a cell's runs are tested against the tiles in later stages (see cellTests.ts). */
  private cellTests(camera: Camera, width: number, height: number): (cell: number) => CellTest {
    const { layout, test } = this;
    const viewProjection = mat4.multiply(this.viewProjection, camera.projectionZeroToOne(this.projection), camera.view);
    const margin = layout!.worldMargin(height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
    const bounds = layout!.cells.bounds;
    return (cell) => cellTest(bounds, cell, viewProjection, margin, width, height, test);
  }

  /**
   * Fills runsData with one run per workgroup over the cells in view, nearest cell first, so that
   * the depth pass meets most hidden stars after the stars that hide them, and stageEnds with the
   * stages: one, or with `tests` several of about STAGE_ENDS of the stars, whose runs after the
   * first stage carry their cell's test. Returns the number of workgroups.
   */
  private nearestFirst(runs: VisibleRuns, camera: Camera, tests: ((cell: number) => CellTest) | undefined): number {
    const { cellDistance, cellOrder, runsData } = this;
    const cells = this.layout!.cells;
    const bounds = cells.bounds;
    const [cx, cy, cz] = camera.position;
    const n = runs.visibleCells;
    for (let i = 0; i < n; i++) {
      const k = runs.cellIds[i], b = k * 6;
      cellDistance[k] = Math.hypot((bounds[b] + bounds[b + 3]) / 2 - cx, (bounds[b + 1] + bounds[b + 4]) / 2 - cy, (bounds[b + 2] + bounds[b + 5]) / 2 - cz);
      cellOrder[i] = k;
    }
    cellOrder.subarray(0, n).sort((a, b) => cellDistance[a] - cellDistance[b]);
    const stageEnds: number[] = [];
    this.stageEnds = stageEnds;
    const stageStars = tests ? STAGE_ENDS.map((end) => end * runs.stars) : [];
    let workgroups = 0, stars = 0;
    for (let i = 0; i < n; i++) {
      const k = cellOrder[i];
      if (stageEnds.length < stageStars.length && stars >= stageStars[stageEnds.length]) stageEnds.push(workgroups);
      const test = stageEnds.length > 0 ? tests!(k) : undefined;
      const start = cells.start[k], count = cells.count[k];
      for (let offset = 0; offset < count; offset += STARS_PER_WORKGROUP) {
        const at = workgroups++ * RUN_WORDS;
        runsData[at] = start + offset;
        runsData[at + 1] = Math.min(STARS_PER_WORKGROUP, count - offset);
        runsData[at + 2] = test?.tileMin ?? 0;
        runsData[at + 3] = test?.tileMax ?? 0;
        runsData[at + 4] = test?.nearKey ?? NO_TEST;
      }
      stars += count;
    }
    stageEnds.push(workgroups);
    return workgroups;
  }

  /** The splatted stars (colour and depth), then the big ones, into the render pass. */
  draw(pass: GPURenderPassEncoder): void {
    if (!this.resolveBindGroup || !this.drawBindGroup || !this.bigBuffer) return;
    pass.setPipeline(this.resolvePipeline);
    pass.setBindGroup(0, this.resolveBindGroup);
    pass.draw(3);
    pass.setPipeline(this.drawPipeline);
    pass.setBindGroup(0, this.drawBindGroup);
    pass.drawIndirect(this.bigBuffer, 0);
  }

  /** The per-pixel splat buffers and the bind groups that use them, for this canvas size. */
  private ensurePixels(width: number, height: number): void {
    if (this.depthKeys && this.pixels.width === width && this.pixels.height === height) return;
    this.depthKeys?.destroy();
    this.splatColors?.destroy();
    this.tileKeys?.destroy();
    const size = Math.max(16, width * height * 4);
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    this.depthKeys = this.device.createBuffer({ label: 'splat depth', size, usage });
    this.splatColors = this.device.createBuffer({ label: 'splat colours', size, usage });
    const tiles = Math.ceil(width / TILE_PIXELS) * Math.ceil(height / TILE_PIXELS);
    this.tileKeys = this.device.createBuffer({ label: 'farthest depth per tile', size: Math.max(16, tiles * 4), usage });
    this.pixels = { width, height };
    const stars: Array<[number, GPUBuffer]> = [[1, this.positionBuffer!], [2, this.colorBuffer!], [3, this.sizeBuffer!], [4, this.runsBuffer!]];
    const depth: Array<[number, GPUBuffer]> = [...stars, [5, this.depthKeys], [7, this.bigBuffer!], [11, this.winnersBuffer!]];
    const stage = (s: number): GPUBindGroupEntry => ({ binding: 13, resource: { buffer: this.stageBuffer, offset: s * STAGE_STRIDE, size: 16 } });
    const stages = [0, ...STAGE_ENDS].map((_, s) => s);
    this.depthBindGroups = stages.map((s) => this.bindGroup(this.depthPipeline, depth, [stage(s)]));
    this.cullBindGroups = stages.map((s) => this.bindGroup(this.cullPipeline, [[15, this.tileKeys!], [16, this.runsBuffer!]], [stage(s)]));
    this.reduceBindGroup = this.bindGroup(this.reducePipeline, [[9, this.depthKeys], [14, this.tileKeys]]);
    this.colorBindGroup = this.bindGroup(this.colorPipeline, [[1, this.positionBuffer!], [2, this.colorBuffer!], [3, this.sizeBuffer!], [9, this.depthKeys], [6, this.splatColors], [12, this.winnersBuffer!]]);
    this.resolveBindGroup = this.bindGroup(this.resolvePipeline, [[9, this.depthKeys], [10, this.splatColors]]);
  }

  /** A bind group of the uniforms and the given buffers for a pipeline with an 'auto' layout. */
  private bindGroup(pipeline: GPURenderPipeline | GPUComputePipeline, buffers: Array<[number, GPUBuffer]>, more: GPUBindGroupEntry[] = []): GPUBindGroup {
    return this.device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [...[[0, this.uniforms] as [number, GPUBuffer], ...buffers].map(([binding, buffer]) => ({ binding, resource: { buffer } })), ...more],
    });
  }

  private upload(data: Float32Array | Uint8Array, label: string, usage: GPUBufferUsageFlags): GPUBuffer {
    const size = Math.max(16, Math.ceil(data.byteLength / 4) * 4);
    const buffer = this.device.createBuffer({ label, size, usage, mappedAtCreation: true });
    new Uint8Array(buffer.getMappedRange()).set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    buffer.unmap();
    return buffer;
  }

  private destroyStarBuffers(): void {
    for (const buffer of [this.positionBuffer, this.colorBuffer, this.sizeBuffer, this.bigBuffer, this.winnersBuffer, this.runsBuffer, this.depthKeys, this.splatColors, this.tileKeys]) buffer?.destroy();
    this.positionBuffer = this.colorBuffer = this.sizeBuffer = this.bigBuffer = this.winnersBuffer = this.runsBuffer = this.depthKeys = this.splatColors = this.tileKeys = undefined;
    this.drawBindGroup = this.colorBindGroup = this.resolveBindGroup = this.reduceBindGroup = undefined;
    this.depthBindGroups = this.cullBindGroups = [];
  }

  dispose(): void {
    this.destroyStarBuffers();
    this.stageBuffer.destroy();
  }
}
