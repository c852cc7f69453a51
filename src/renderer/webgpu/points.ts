import shaderSource from '../../../shaders/stars.wgsl?raw';
import { FIELD_OF_VIEW_DEGREES, type Camera } from '../camera';
import { StarCulling } from '../starChunks';
import { HOVER_SIZE_FACTOR } from '../starStyle';
import { DEPTH_FORMAT } from './depth';

/**
 * Stars as one triangle each (three vertices per star, no instancing), pulling position,
 * RGBA8 colour and size from storage buffers. The position buffer doubles as the links' vertex buffer.
 */
export class WebGPUPoints {
  private pipeline: GPURenderPipeline;
  private bindGroup: GPUBindGroup | undefined;
  positionBuffer: GPUBuffer | undefined;
  private colorBuffer: GPUBuffer | undefined;
  private sizeBuffer: GPUBuffer | undefined;
  /** Star ids grouped by grid cell, so that a frame draws only the cells in view. */
  private orderBuffer: GPUBuffer | undefined;
  private culling: StarCulling | undefined;
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
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    this.positionBuffer = this.upload(positions, 'star positions', storage | GPUBufferUsage.VERTEX);
    this.colorBuffer = this.upload(colors, 'star colours', storage);
    this.sizeBuffer = this.upload(sizes, 'star sizes', storage);
    this.culling = new StarCulling(positions, sizes, HOVER_SIZE_FACTOR);
    this.orderBuffer = this.upload(this.culling.chunks.order, 'star order', storage);
    this.bindGroup = this.device.createBindGroup({
      layout: this.pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: this.uniforms } },
        { binding: 1, resource: { buffer: this.positionBuffer } },
        { binding: 2, resource: { buffer: this.colorBuffer } },
        { binding: 3, resource: { buffer: this.sizeBuffer } },
        { binding: 4, resource: { buffer: this.orderBuffer } },
      ],
    });
  }

  updateColors(colors: Uint8Array, start: number, count: number): void {
    if (this.colorBuffer) this.device.queue.writeBuffer(this.colorBuffer, start * 4, colors as Uint8Array<ArrayBuffer>, start * 4, count * 4);
  }

  updateSizes(sizes: Float32Array, start: number, count: number): void {
    if (this.sizeBuffer) this.device.queue.writeBuffer(this.sizeBuffer, start * 4, sizes as Float32Array<ArrayBuffer>, start, count);
    for (let i = start; i < start + count; i++) this.culling?.noteSize(sizes[i]);
  }

  draw(pass: GPURenderPassEncoder, camera: Camera): void {
    if (this.count === 0 || !this.bindGroup || !this.culling) return;
    const runs = this.culling.visible(camera.viewProjection, camera.width, camera.height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
    if (runs.runs === 0) return;
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup);
    for (let r = 0; r < runs.runs; r++) pass.draw(runs.count[r] * 3, 1, runs.first[r] * 3);
  }

  private upload(data: Float32Array | Uint8Array | Uint32Array, label: string, usage: GPUBufferUsageFlags): GPUBuffer {
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
    this.orderBuffer?.destroy();
    this.positionBuffer = this.colorBuffer = this.sizeBuffer = this.orderBuffer = undefined;
    this.bindGroup = undefined;
  }

  dispose(): void {
    this.destroyBuffers();
  }
}
