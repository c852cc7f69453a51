import shaderSource from '../../../shaders/stars.wgsl?raw';
import { FIELD_OF_VIEW_DEGREES, type Camera } from '../camera';
import { BULK_UPDATE_STARS, StarLayout } from '../starChunks';
import { HOVER_SIZE_FACTOR } from '../starStyle';
import { DEPTH_FORMAT } from './depth';

/**
 * Stars as one triangle each (three vertices per star, no instancing), pulling position,
 * RGBA8 colour and size from storage buffers stored in grid-cell order, so that a frame draws
 * only the runs of cells in view. The position buffer doubles as the links' vertex buffer.
 */
export class WebGPUPoints {
  private pipeline: GPURenderPipeline;
  private bindGroup: GPUBindGroup | undefined;
  positionBuffer: GPUBuffer | undefined;
  private colorBuffer: GPUBuffer | undefined;
  private sizeBuffer: GPUBuffer | undefined;
  layout: StarLayout | undefined;
  private count = 0;

  constructor(private device: GPUDevice, format: GPUTextureFormat, private uniforms: GPUBuffer) {
    const module = device.createShaderModule({ label: 'stars', code: shaderSource });
    this.pipeline = device.createRenderPipeline({
      label: 'stars',
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
      depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: true, depthCompare: 'less' },
    });
  }

  set(positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void {
    this.destroyBuffers();
    this.count = positions.length / 3;
    const layout = new StarLayout(positions, sizes, HOVER_SIZE_FACTOR);
    this.layout = layout;
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    this.positionBuffer = this.upload(layout.reorder(positions, 3), 'star positions', storage | GPUBufferUsage.VERTEX);
    this.colorBuffer = this.upload(layout.reorder(colors, 4), 'star colours', storage);
    this.sizeBuffer = this.upload(layout.reorder(sizes, 1), 'star sizes', storage);
    this.bindGroup = this.device.createBindGroup({
      layout: this.pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: this.uniforms } },
        { binding: 1, resource: { buffer: this.positionBuffer } },
        { binding: 2, resource: { buffer: this.colorBuffer } },
        { binding: 3, resource: { buffer: this.sizeBuffer } },
      ],
    });
  }

  updateColors(colors: Uint8Array, start: number, count: number): void {
    const { colorBuffer, layout } = this;
    if (!colorBuffer || !layout) return;
    if (count > BULK_UPDATE_STARS) {
      this.device.queue.writeBuffer(colorBuffer, 0, layout.reorder(colors, 4) as Uint8Array<ArrayBuffer>);
      return;
    }
    for (let id = start; id < start + count; id++) {
      this.device.queue.writeBuffer(colorBuffer, layout.slotOf[id] * 4, colors as Uint8Array<ArrayBuffer>, id * 4, 4);
    }
  }

  updateSizes(sizes: Float32Array, start: number, count: number): void {
    const { sizeBuffer, layout } = this;
    if (!sizeBuffer || !layout) return;
    for (let id = start; id < start + count; id++) layout.noteSize(sizes[id]);
    if (count > BULK_UPDATE_STARS) {
      this.device.queue.writeBuffer(sizeBuffer, 0, layout.reorder(sizes, 1) as Float32Array<ArrayBuffer>);
      return;
    }
    for (let id = start; id < start + count; id++) {
      this.device.queue.writeBuffer(sizeBuffer, layout.slotOf[id] * 4, sizes as Float32Array<ArrayBuffer>, id, 1);
    }
  }

  draw(pass: GPURenderPassEncoder, camera: Camera): void {
    if (this.count === 0 || !this.bindGroup || !this.layout) return;
    const runs = this.layout.visible(camera.viewProjection, camera.width, camera.height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
    if (runs.runs === 0) return;
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup);
    for (let r = 0; r < runs.runs; r++) pass.draw(runs.count[r] * 3, 1, runs.first[r] * 3);
  }

  private upload(data: Float32Array | Uint8Array, label: string, usage: GPUBufferUsageFlags): GPUBuffer {
    const size = Math.max(16, Math.ceil(data.byteLength / 4) * 4);
    const buffer = this.device.createBuffer({ label, size, usage, mappedAtCreation: true });
    new Uint8Array(buffer.getMappedRange()).set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    buffer.unmap();
    return buffer;
  }

  private destroyBuffers(): void {
    this.positionBuffer?.destroy();
    this.colorBuffer?.destroy();
    this.sizeBuffer?.destroy();
    this.positionBuffer = this.colorBuffer = this.sizeBuffer = undefined;
    this.bindGroup = undefined;
  }

  dispose(): void {
    this.destroyBuffers();
  }
}
