import shaderSource from '../../../shaders/labels.wgsl?raw';
import { LABEL_ATLAS_HEIGHT, LABEL_ATLAS_WIDTH, LABEL_QUAD_FLOATS } from '../../labels/constants';
import { type LabelAtlasImage, type LabelQuads, rowsToUpload } from '../../labels/labelQuads';
import { LABEL_EDGE, LABEL_HALO_COLOR, LABEL_HALO_EDGE } from '../../labels/labelShading';
import { sameElements } from '../sameElements';
import type { RenderCommands } from './renderBundle';

/** drawIndirect's arguments (vertices, instances, first vertex, first instance) at the start of the instance buffer. */
const DRAW_ARG_WORDS = 4;
const DRAW_ARG_BYTES = DRAW_ARG_WORDS * 4;

/** Quads the instance buffer holds at first; it doubles when a frame has more names. */
const FIRST_QUAD_CAPACITY = 64;

/**
 * One name's quad of 1x1 CSS px at the top left corner with opacity 0: drawn once, it makes the GPU
 * run every stage of the labels pipeline (and sample the atlas) without changing a pixel.
 */
const INVISIBLE_QUAD = new Float32Array(LABEL_QUAD_FLOATS);
INVISIBLE_QUAD.set([0, 0, 1, 1, 0, 0, 1, 1]);

/**
 * Star names: instanced screen-space quads over the distance-field atlas, drawn last, without depth.
 * The atlas texture is made once at the atlas's fixed size and written by rows; the pipeline is drawn
 * once, invisibly, soon after the first stars, so that the first names shown (typing a search) do not
 * make the GPU clear an 8 MB texture and build the pipeline's routines in that frame (SwiftShader
 * compiles them at first draw: 110-180 ms).
 */
export class WebGPULabels {
  private pipeline: GPURenderPipeline;
  private uniforms: GPUBuffer;
  private texture: GPUTexture;
  private bindGroup: GPUBindGroup;
  /** The draw's indirect arguments (DRAW_ARG_BYTES), then the quads. */
  private instances!: GPUBuffer;
  /** Quads the instance buffer has room for. */
  private capacity = 0;
  /** What writeInstances hands over: the arguments (through argWords), then the quads. */
  private staged!: Float32Array<ArrayBuffer>;
  private argWords!: Uint32Array<ArrayBuffer>;
  /** The instance count the arguments on the GPU hold. */
  private instancesDrawn = 0;
  /** Whether the instance buffer holds what `staged` holds (false while a new buffer is unwritten). */
  private stagedWritten = false;
  /** Bumped whenever the instance buffer is made again (the renderer's recorded pass follows it). */
  drawVersion = 0;
  private count = 0;
  private seenAtlas: LabelAtlasImage | undefined;
  private uniformData = new Float32Array(8);
  private warm = false;
  private uniformsWritten = false;

  constructor(private device: GPUDevice, format: GPUTextureFormat, depthFormat: GPUTextureFormat) {
    const module = device.createShaderModule({ label: 'labels', code: shaderSource });
    const over: GPUBlendComponent = { srcFactor: 'src-alpha', dstFactor: 'one-minus-src-alpha', operation: 'add' };
    const vec4 = (location: number): GPUVertexAttribute => ({ shaderLocation: location, offset: location * 16, format: 'float32x4' });
    this.pipeline = device.createRenderPipeline({
      label: 'labels',
      layout: 'auto',
      vertex: { module, entryPoint: 'vs', buffers: [{ arrayStride: LABEL_QUAD_FLOATS * 4, stepMode: 'instance', attributes: [vec4(0), vec4(1), vec4(2)] }] },
      fragment: { module, entryPoint: 'fs', targets: [{ format, blend: { color: over, alpha: over } }] },
      primitive: { topology: 'triangle-list' },
      depthStencil: { format: depthFormat, depthWriteEnabled: false, depthCompare: 'always' },
    });
    this.uniforms = device.createBuffer({ label: 'label uniforms', size: 32, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    // Every atlas has the same fixed size, so one texture serves them all.
    this.texture = device.createTexture({
      label: 'label atlas',
      size: [LABEL_ATLAS_WIDTH, LABEL_ATLAS_HEIGHT],
      format: 'r8unorm',
      usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
    });
    this.bindGroup = device.createBindGroup({
      layout: this.pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: this.uniforms } },
        { binding: 1, resource: this.texture.createView() },
        { binding: 2, resource: device.createSampler({ magFilter: 'linear', minFilter: 'linear' }) },
      ],
    });
    this.makeInstances(FIRST_QUAD_CAPACITY);
  }

  set(labels: LabelQuads | undefined): void {
    this.count = labels?.count ?? 0;
    if (!labels || labels.count === 0) return;
    const atlas = labels.atlas;
    if (atlas.width !== LABEL_ATLAS_WIDTH || atlas.height !== LABEL_ATLAS_HEIGHT) {
      throw new Error(`A label atlas of ${atlas.width}x${atlas.height} texels, not the ${LABEL_ATLAS_WIDTH}x${LABEL_ATLAS_HEIGHT} the renderer holds`);
    }
    const rows = rowsToUpload(labels, this.seenAtlas);
    // Another atlas on the same texture: the row below its names may still hold an older atlas's,
    // which filtering at a name's lower edge reaches; every row further down no name reaches until
    // the atlas writes it (and marks it, and the row below it, dirty).
    const end = this.seenAtlas !== atlas ? Math.min(atlas.height, rows.end + 1) : rows.end;
    this.seenAtlas = atlas;
    if (end > rows.start) {
      // Only the written rows are handed over: the whole 8 MB array with an offset may be copied whole.
      this.device.queue.writeTexture(
        { texture: this.texture, origin: [0, rows.start] },
        atlas.data.subarray(rows.start * atlas.width, end * atlas.width),
        { bytesPerRow: atlas.width },
        [atlas.width, end - rows.start],
      );
    }
    if (this.capacity < labels.count) {
      let quads = this.capacity;
      while (quads < labels.count) quads *= 2;
      this.instances.destroy();
      this.makeInstances(quads);
    }
    this.writeInstances(labels.quads, labels.count);
  }

  /**
   * Readies the names for this frame's pass and says whether draw() is to be encoded in it; with none
   * to draw and the pipeline never drawn yet, `warmUp` draws one invisible quad instead (the renderer
   * asks once the first stars are drawn, so they are not delayed). After that the names are always
   * encoded, drawn indirectly with as many instances as set() wrote: none where there are no names.
   */
  prepare(cssWidth: number, cssHeight: number, warmUp = false): boolean {
    if (this.count === 0) {
      if (!this.warm) {
        if (!warmUp) return false;
        this.writeInstances(INVISIBLE_QUAD, 1);
      } else if (this.instancesDrawn !== 0) {
        this.argWords[1] = this.instancesDrawn = 0;
        this.device.queue.writeBuffer(this.instances, 0, this.argWords, 0, DRAW_ARG_WORDS);
      }
    }
    this.warm = true;
    const u = this.uniformData;
    // Only the canvas's size changes them: written again only then, not every frame.
    if (!this.uniformsWritten || u[0] !== cssWidth || u[1] !== cssHeight) {
      u[0] = cssWidth;
      u[1] = cssHeight;
      u[2] = LABEL_EDGE;
      u[3] = LABEL_HALO_EDGE;
      u.set(LABEL_HALO_COLOR, 4);
      this.device.queue.writeBuffer(this.uniforms, 0, u);
      this.uniformsWritten = true;
    }
    return true;
  }

  /** The names, into the render pass (or its bundle), after prepare() said they are drawn. */
  draw(pass: RenderCommands): void {
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup);
    pass.setVertexBuffer(0, this.instances, DRAW_ARG_BYTES);
    pass.drawIndirect(this.instances, 0);
  }

  /**
   * The draw's arguments with `count` instances and the quads behind them, in one write; none when
   * the GPU already holds them (names standing still while nothing moves).
   */
  private writeInstances(quads: Float32Array, count: number): void {
    const floats = count * LABEL_QUAD_FLOATS;
    if (this.stagedWritten && count === this.instancesDrawn && sameElements(this.staged, DRAW_ARG_WORDS, quads, 0, floats)) return;
    this.argWords[1] = this.instancesDrawn = count;
    this.staged.set(quads.subarray(0, floats), DRAW_ARG_WORDS);
    this.device.queue.writeBuffer(this.instances, 0, this.staged, 0, DRAW_ARG_WORDS + floats);
    this.stagedWritten = true;
  }

  dispose(): void {
    this.texture.destroy();
    this.instances.destroy();
    this.uniforms.destroy();
  }

  /** An instance buffer for `quads` names behind the draw's arguments, with its staging copy; draw() encodes it anew. */
  private makeInstances(quads: number): void {
    this.capacity = quads;
    this.instances = this.device.createBuffer({
      label: 'label quads',
      size: DRAW_ARG_BYTES + quads * LABEL_QUAD_FLOATS * 4,
      usage: GPUBufferUsage.VERTEX | GPUBufferUsage.INDIRECT | GPUBufferUsage.COPY_DST,
    });
    const staged = new ArrayBuffer(this.instances.size);
    this.staged = new Float32Array(staged);
    this.argWords = new Uint32Array(staged, 0, DRAW_ARG_WORDS);
    this.argWords[0] = 6;
    this.stagedWritten = false;
    this.drawVersion++;
  }
}
