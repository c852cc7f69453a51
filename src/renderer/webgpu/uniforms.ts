import { mat4 } from 'gl-matrix';
import type { Camera } from '../camera';
import { MAX_POINT_SIZE } from '../starStyle';

/** view (64 B), projection (64 B), viewport (8 B), maxPointSize, padding: the Uniforms struct of stars.wgsl and links.wgsl. */
export const UNIFORM_BYTES = 144;

export class FrameUniforms {
  readonly buffer: GPUBuffer;
  private data = new Float32Array(UNIFORM_BYTES / 4);
  private projection = mat4.create();

  constructor(private device: GPUDevice) {
    this.buffer = device.createBuffer({ size: UNIFORM_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  }

  write(camera: Camera, width: number, height: number): void {
    this.data.set(camera.view, 0);
    this.data.set(camera.projectionZeroToOne(this.projection), 16);
    this.data[32] = width;
    this.data[33] = height;
    this.data[34] = MAX_POINT_SIZE;
    this.device.queue.writeBuffer(this.buffer, 0, this.data);
  }

  dispose(): void {
    this.buffer.destroy();
  }
}
