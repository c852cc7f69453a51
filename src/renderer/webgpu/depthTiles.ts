import { TILE_PIXELS, WORKGROUP } from '../shaderConstants';
import { starBindGroup, starPassModule } from './starPasses';

/**
 * Reduces the splatted depth to the farthest depth per depth tile on the GPU
 * (shaders/starsTileReduction.wgsl), where the culling pass reads it: no read-back.
 */
export class WebGPUDepthTiles {
  private pipeline: GPUComputePipeline;
  private bindGroup: GPUBindGroup | undefined;
  /** Per depth tile: the farthest inverted depth bits splatted so far. */
  buffer: GPUBuffer | undefined;
  private tiles = 0;

  constructor(private device: GPUDevice, private uniforms: GPUBuffer) {
    const module = starPassModule(device, 'tileReduction');
    this.pipeline = device.createComputePipeline({ label: 'farthest depth per tile', layout: 'auto', compute: { module, entryPoint: 'reduceTiles' } });
  }

  /** The tiles of a canvas of this size, reduced from `depthKeys` (per pixel). */
  resize(width: number, height: number, depthKeys: GPUBufferBinding): GPUBuffer {
    this.destroy();
    this.tiles = Math.ceil(width / TILE_PIXELS) * Math.ceil(height / TILE_PIXELS);
    const buffer = this.device.createBuffer({ label: 'farthest depth per tile', size: Math.max(16, this.tiles * 4), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    this.buffer = buffer;
    this.bindGroup = starBindGroup(this.device, this.pipeline, 'tileReduction', { u: this.uniforms, depthKeysIn: depthKeys, tileKeysOut: buffer });
    return buffer;
  }

  reduce(pass: GPUComputePassEncoder): void {
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup!);
    pass.dispatchWorkgroups(Math.ceil(this.tiles / WORKGROUP));
  }

  destroy(): void {
    this.buffer?.destroy();
    this.buffer = this.bindGroup = undefined;
  }
}
