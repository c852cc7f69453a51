import frameUniformsSource from '../../../shaders/frameUniforms.wgsl?raw';
import shaderSource from '../../../shaders/links.wgsl?raw';
import { withWgslConstants } from '../shaderConstants';
import { DEPTH_FORMAT } from './target';

/** Links as a line list over the star position buffer, indexed by star id pairs, blended additively. */
export class WebGPULinks {
  private pipeline: GPURenderPipeline;
  private bindGroup: GPUBindGroup;
  private indexBuffer: GPUBuffer | undefined;
  private count = 0;

  constructor(private device: GPUDevice, format: GPUTextureFormat, uniforms: GPUBuffer) {
    const module = device.createShaderModule({ label: 'links', code: withWgslConstants(frameUniformsSource + shaderSource) });
    const additive: GPUBlendComponent = { srcFactor: 'src-alpha', dstFactor: 'one', operation: 'add' };
    this.pipeline = device.createRenderPipeline({
      label: 'links',
      layout: 'auto',
      vertex: {
        module,
        entryPoint: 'vs',
        buffers: [{ arrayStride: 12, attributes: [{ shaderLocation: 0, offset: 0, format: 'float32x3' }] }],
      },
      fragment: { module, entryPoint: 'fs', targets: [{ format, blend: { color: additive, alpha: additive } }] },
      primitive: { topology: 'line-list' },
      depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: false, depthCompare: 'less' },
    });
    this.bindGroup = device.createBindGroup({
      layout: this.pipeline.getBindGroupLayout(0),
      entries: [{ binding: 0, resource: { buffer: uniforms } }],
    });
  }

  set(pairs: Uint32Array | undefined): void {
    this.indexBuffer?.destroy();
    this.indexBuffer = undefined;
    this.count = pairs?.length ?? 0;
    if (!pairs || pairs.length === 0) return;
    this.indexBuffer = this.device.createBuffer({ label: 'link indices', size: pairs.byteLength, usage: GPUBufferUsage.INDEX | GPUBufferUsage.COPY_DST, mappedAtCreation: true });
    new Uint32Array(this.indexBuffer.getMappedRange()).set(pairs);
    this.indexBuffer.unmap();
  }

  draw(pass: GPURenderPassEncoder, positions: GPUBuffer | undefined): void {
    if (this.count === 0 || !this.indexBuffer || !positions) return;
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup);
    pass.setVertexBuffer(0, positions);
    pass.setIndexBuffer(this.indexBuffer, 'uint32');
    pass.drawIndexed(this.count);
  }

  dispose(): void {
    this.indexBuffer?.destroy();
  }
}
