import { mat4 } from 'gl-matrix';
import { perspectiveTimesView, type Camera } from '../camera';
import { MAX_POINT_SIZE } from '../starStyle';

/** viewProjection (64 B), cameraPosition + maxPointSize (16 B), viewport + padding (16 B): Uniforms in frameUniforms.wgsl. */
export const UNIFORM_BYTES = 96;

export class FrameUniforms {
  readonly buffer: GPUBuffer;
  private data = new Float32Array(UNIFORM_BYTES / 4);
  private projection = mat4.create();
  private viewProjection = mat4.create();

  constructor(private device: GPUDevice) {
    this.buffer = device.createBuffer({ label: 'frame uniforms', size: UNIFORM_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  }

  write(camera: Camera, width: number, height: number): void {
    perspectiveTimesView(this.viewProjection, camera.projectionZeroToOne(this.projection), camera.view);
    this.data.set(this.viewProjection, 0);
    this.data.set(camera.position, 16);
    this.data[19] = MAX_POINT_SIZE;
    this.data[20] = width;
    this.data[21] = height;
    this.device.queue.writeBuffer(this.buffer, 0, this.data);
  }

  dispose(): void {
    this.buffer.destroy();
  }
}
