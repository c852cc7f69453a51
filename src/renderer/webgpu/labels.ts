import shaderSource from '../../../shaders/labels.wgsl?raw';
import { LABEL_QUAD_FLOATS } from '../../labels/constants';
import { type LabelAtlasImage, type LabelQuads, rowsToUpload } from '../../labels/labelQuads';
import { LABEL_EDGE, LABEL_HALO_COLOR, LABEL_HALO_EDGE } from '../../labels/labelShading';

/** Star names: instanced screen-space quads over the distance-field atlas, drawn last, without depth. */
export class WebGPULabels {
  private pipeline: GPURenderPipeline;
  private uniforms: GPUBuffer;
  private texture: GPUTexture | undefined;
  private bindGroup: GPUBindGroup | undefined;
  private sampler: GPUSampler;
  private instances: GPUBuffer | undefined;
  private count = 0;
  private seenAtlas: LabelAtlasImage | undefined;
  private uniformData = new Float32Array(8);

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
    this.sampler = device.createSampler({ magFilter: 'linear', minFilter: 'linear' });
  }

  set(labels: LabelQuads | undefined): void {
    this.count = labels?.count ?? 0;
    if (!labels || labels.count === 0) return;
    const atlas = labels.atlas;
    // A new texture is all 0, as the atlas is below its used rows (rowsToUpload); so is one for another atlas.
    if (!this.texture || this.texture.width !== atlas.width || this.texture.height !== atlas.height || (this.seenAtlas && this.seenAtlas !== atlas)) {
      this.texture?.destroy();
      this.texture = this.device.createTexture({ label: 'label atlas', size: [atlas.width, atlas.height], format: 'r8unorm', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST });
      this.bindGroup = this.device.createBindGroup({
        layout: this.pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: { buffer: this.uniforms } },
          { binding: 1, resource: this.texture.createView() },
          { binding: 2, resource: this.sampler },
        ],
      });
      this.seenAtlas = undefined;
    }
    const rows = rowsToUpload(labels, this.seenAtlas);
    this.seenAtlas = atlas;
    if (rows.end > rows.start) {
      // Only the written rows are handed over: the whole 8 MB array with an offset may be copied whole.
      this.device.queue.writeTexture(
        { texture: this.texture, origin: [0, rows.start] },
        atlas.data.subarray(rows.start * atlas.width, rows.end * atlas.width),
        { bytesPerRow: atlas.width },
        [atlas.width, rows.end - rows.start],
      );
    }
    const bytes = labels.count * LABEL_QUAD_FLOATS * 4;
    if (!this.instances || this.instances.size < bytes) {
      this.instances?.destroy();
      this.instances = this.device.createBuffer({ label: 'label quads', size: Math.max(bytes, labels.quads.byteLength), usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST });
    }
    this.device.queue.writeBuffer(this.instances, 0, labels.quads, 0, labels.count * LABEL_QUAD_FLOATS);
  }

  draw(pass: GPURenderPassEncoder, cssWidth: number, cssHeight: number): void {
    if (this.count === 0 || !this.bindGroup || !this.instances) return;
    const u = this.uniformData;
    u[0] = cssWidth;
    u[1] = cssHeight;
    u[2] = LABEL_EDGE;
    u[3] = LABEL_HALO_EDGE;
    u.set(LABEL_HALO_COLOR, 4);
    this.device.queue.writeBuffer(this.uniforms, 0, u);
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup);
    pass.setVertexBuffer(0, this.instances);
    pass.draw(6, this.count);
  }

  dispose(): void {
    this.texture?.destroy();
    this.instances?.destroy();
    this.uniforms.destroy();
  }
}
