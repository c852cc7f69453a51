import frameUniformsSource from '../../../shaders/frameUniforms.wgsl?raw';
import shaderSource from '../../../shaders/links.wgsl?raw';
import { withWgslConstants } from '../shaderConstants';
import type { RenderCommands } from './renderBundle';
import type { IndexRange, LinkColours } from '../types';
import { DEPTH_FORMAT } from './target';
import { linkIndexRoom } from '../linkIndices';

const POSITIONS: GPUVertexBufferLayout = { arrayStride: 12, attributes: [{ shaderLocation: 0, offset: 0, format: 'float32x3' }] };
const STAR_COLOURS: GPUVertexBufferLayout = { arrayStride: 4, attributes: [{ shaderLocation: 1, offset: 0, format: 'unorm8x4' }] };

/**
 * Links as a line list over the star position (and colour) buffers, indexed by slot pairs, blended
 * additively: one pipeline per colour source (shaders/links.wgsl's vsPositions and vsStars). The
 * star buffers are made again when the pool grows, so draw() takes the current ones each frame.
 */
export class WebGPULinks {
  private pipelines: Record<LinkColours, GPURenderPipeline>;
  private bindGroups: Record<LinkColours, GPUBindGroup>;
  private indexBuffer: GPUBuffer | undefined;
  private count = 0;
  /** Indices the index buffer has room for. */
  private room = 0;
  private colours: LinkColours = 'positions';
  /** Bumped whenever what draw() encodes changes, but for the star buffers (the points' version follows those). */
  drawVersion = 0;

  constructor(private device: GPUDevice, format: GPUTextureFormat, uniforms: GPUBuffer) {
    const module = device.createShaderModule({ label: 'links', code: withWgslConstants(frameUniformsSource + shaderSource) });
    const additive: GPUBlendComponent = { srcFactor: 'src-alpha', dstFactor: 'one', operation: 'add' };
    const pipeline = (entryPoint: string, buffers: GPUVertexBufferLayout[]) =>
      device.createRenderPipeline({
        label: `links (${entryPoint})`,
        layout: 'auto',
        vertex: { module, entryPoint, buffers },
        fragment: { module, entryPoint: 'fs', targets: [{ format, blend: { color: additive, alpha: additive } }] },
        primitive: { topology: 'line-list' },
        depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: false, depthCompare: 'less' },
      });
    this.pipelines = { positions: pipeline('vsPositions', [POSITIONS]), stars: pipeline('vsStars', [POSITIONS, STAR_COLOURS]) };
    const bindGroup = (colours: LinkColours) =>
      device.createBindGroup({ layout: this.pipelines[colours].getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: uniforms } }] });
    this.bindGroups = { positions: bindGroup('positions'), stars: bindGroup('stars') };
  }

  set(pairs: Uint32Array | undefined): void {
    this.upload(pairs, pairs?.length ?? 0);
  }

  write(pairs: Uint32Array<ArrayBuffer>, changed: readonly IndexRange[]): void {
    if (!this.indexBuffer || pairs.length > this.room) {
      this.upload(pairs, linkIndexRoom(pairs.length));
      return;
    }
    for (const { start, count } of changed) {
      const end = Math.min(start + count, pairs.length);
      if (end > start) this.device.queue.writeBuffer(this.indexBuffer, start * 4, pairs, start, end - start);
    }
    if (pairs.length !== this.count) this.drawVersion++;
    this.count = pairs.length;
  }

  /** A new index buffer with room for `room` indices, the first `pairs`. */
  private upload(pairs: Uint32Array | undefined, room: number): void {
    this.drawVersion++;
    this.indexBuffer?.destroy();
    this.indexBuffer = undefined;
    this.count = pairs?.length ?? 0;
    this.room = 0;
    if (!pairs || room === 0) return;
    this.indexBuffer = this.device.createBuffer({ label: 'link indices', size: room * 4, usage: GPUBufferUsage.INDEX | GPUBufferUsage.COPY_DST, mappedAtCreation: true });
    new Uint32Array(this.indexBuffer.getMappedRange()).set(pairs);
    this.indexBuffer.unmap();
    this.room = room;
  }

  setColours(colours: LinkColours): void {
    if (colours !== this.colours) this.drawVersion++;
    this.colours = colours;
  }

  /** `stars` are the star buffers as they are now (undefined before any stars). */
  draw(pass: RenderCommands, stars: { positionBuffer: GPUBuffer | undefined; colorBuffer: GPUBuffer | undefined }): void {
    const { positionBuffer, colorBuffer } = stars;
    if (this.count === 0 || !this.indexBuffer || !positionBuffer || !colorBuffer) return;
    const colours = this.colours;
    pass.setPipeline(this.pipelines[colours]);
    pass.setBindGroup(0, this.bindGroups[colours]);
    pass.setVertexBuffer(0, positionBuffer);
    if (colours === 'stars') pass.setVertexBuffer(1, colorBuffer);
    pass.setIndexBuffer(this.indexBuffer, 'uint32');
    pass.drawIndexed(this.count);
  }

  dispose(): void {
    this.indexBuffer?.destroy();
  }
}
