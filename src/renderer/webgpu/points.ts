import shaderSource from '../../../shaders/stars.wgsl?raw';
import { DEPTH_FORMAT } from './depth';

/** Stars as instanced quads (triangle strip of four corners) from three per-instance vertex buffers. */
export class WebGPUPoints {
  private pipeline: GPURenderPipeline;
  private bindGroup: GPUBindGroup;
  positionBuffer: GPUBuffer | undefined;
  private colorBuffer: GPUBuffer | undefined;
  private sizeBuffer: GPUBuffer | undefined;
  private count = 0;

  constructor(private device: GPUDevice, format: GPUTextureFormat, uniforms: GPUBuffer) {
    const module = device.createShaderModule({ label: 'stars', code: shaderSource });
    this.pipeline = device.createRenderPipeline({
      label: 'stars',
      layout: 'auto',
      vertex: {
        module,
        entryPoint: 'vs',
        buffers: [
          { arrayStride: 12, stepMode: 'instance', attributes: [{ shaderLocation: 0, offset: 0, format: 'float32x3' }] },
          { arrayStride: 4, stepMode: 'instance', attributes: [{ shaderLocation: 1, offset: 0, format: 'unorm8x4' }] },
          { arrayStride: 4, stepMode: 'instance', attributes: [{ shaderLocation: 2, offset: 0, format: 'float32' }] },
        ],
      },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      primitive: { topology: 'triangle-strip' },
      depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: true, depthCompare: 'less' },
    });
    this.bindGroup = device.createBindGroup({
      layout: this.pipeline.getBindGroupLayout(0),
      entries: [{ binding: 0, resource: { buffer: uniforms } }],
    });
  }

  set(positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void {
    this.destroyBuffers();
    this.count = positions.length / 3;
    this.positionBuffer = this.upload(positions, 'star positions');
    this.colorBuffer = this.upload(colors, 'star colours');
    this.sizeBuffer = this.upload(sizes, 'star sizes');
  }

  updateColors(colors: Uint8Array, start: number, count: number): void {
    if (this.colorBuffer) this.device.queue.writeBuffer(this.colorBuffer, start * 4, colors as Uint8Array<ArrayBuffer>, start * 4, count * 4);
  }

  updateSizes(sizes: Float32Array, start: number, count: number): void {
    if (this.sizeBuffer) this.device.queue.writeBuffer(this.sizeBuffer, start * 4, sizes as Float32Array<ArrayBuffer>, start, count);
  }

  draw(pass: GPURenderPassEncoder): void {
    if (this.count === 0 || !this.positionBuffer || !this.colorBuffer || !this.sizeBuffer) return;
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup);
    pass.setVertexBuffer(0, this.positionBuffer);
    pass.setVertexBuffer(1, this.colorBuffer);
    pass.setVertexBuffer(2, this.sizeBuffer);
    pass.draw(4, this.count);
  }

  private upload(data: Float32Array | Uint8Array, label: string): GPUBuffer {
    const size = Math.max(4, Math.ceil(data.byteLength / 4) * 4);
    const buffer = this.device.createBuffer({ label, size, usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST, mappedAtCreation: true });
    new Uint8Array(buffer.getMappedRange()).set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    buffer.unmap();
    return buffer;
  }

  private destroyBuffers(): void {
    this.positionBuffer?.destroy();
    this.colorBuffer?.destroy();
    this.sizeBuffer?.destroy();
    this.positionBuffer = this.colorBuffer = this.sizeBuffer = undefined;
  }

  dispose(): void {
    this.destroyBuffers();
  }
}
