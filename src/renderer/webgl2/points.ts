import fragmentSource from '../../../shaders/stars.frag?raw';
import vertexSource from '../../../shaders/stars.vert?raw';
import { FIELD_OF_VIEW_DEGREES, type Camera } from '../camera';
import { BULK_UPDATE_STARS, StarLayout } from '../starChunks';
import { HOVER_SIZE_FACTOR, MAX_POINT_SIZE } from '../starStyle';
import { createProgram } from './program';

/**
 * Stars as gl.POINTS from three vertex buffers (position, RGBA8 colour, size) stored in grid-cell
 * order, so that a frame draws only the runs of cells in view with plain drawArrays.
 */
export class WebGL2Points {
  private program: WebGLProgram;
  private vao: WebGLVertexArrayObject;
  readonly positionBuffer: WebGLBuffer;
  private colorBuffer: WebGLBuffer;
  private sizeBuffer: WebGLBuffer;
  layout: StarLayout | undefined;
  private count = 0;
  private uView: WebGLUniformLocation | null;
  private uProjection: WebGLUniformLocation | null;
  private uMaxPointSize: WebGLUniformLocation | null;
  private maxPointSize: number;

  constructor(private gl: WebGL2RenderingContext) {
    this.program = createProgram(gl, vertexSource, fragmentSource);
    this.uView = gl.getUniformLocation(this.program, 'uView');
    this.uProjection = gl.getUniformLocation(this.program, 'uProjection');
    this.uMaxPointSize = gl.getUniformLocation(this.program, 'uMaxPointSize');
    const range = gl.getParameter(gl.ALIASED_POINT_SIZE_RANGE) as Float32Array | null;
    this.maxPointSize = Math.min(MAX_POINT_SIZE, range ? range[1] : MAX_POINT_SIZE);
    this.vao = gl.createVertexArray();
    this.positionBuffer = gl.createBuffer();
    this.colorBuffer = gl.createBuffer();
    this.sizeBuffer = gl.createBuffer();
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positionBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colorBuffer);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 4, gl.UNSIGNED_BYTE, true, 0, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.sizeBuffer);
    gl.enableVertexAttribArray(2);
    gl.vertexAttribPointer(2, 1, gl.FLOAT, false, 0, 0);
    gl.bindVertexArray(null);
  }

  set(positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void {
    const gl = this.gl;
    const layout = new StarLayout(positions, sizes, HOVER_SIZE_FACTOR);
    this.layout = layout;
    this.count = positions.length / 3;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positionBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, layout.reorder(positions, 3), gl.STATIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colorBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, layout.reorder(colors, 4), gl.DYNAMIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.sizeBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, layout.reorder(sizes, 1), gl.DYNAMIC_DRAW);
  }

  updateColors(colors: Uint8Array, start: number, count: number): void {
    const gl = this.gl;
    if (!this.layout) return;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colorBuffer);
    if (count > BULK_UPDATE_STARS) {
      gl.bufferSubData(gl.ARRAY_BUFFER, 0, this.layout.reorder(colors, 4));
      return;
    }
    for (let id = start; id < start + count; id++) gl.bufferSubData(gl.ARRAY_BUFFER, this.layout.slotOf[id] * 4, colors, id * 4, 4);
  }

  updateSizes(sizes: Float32Array, start: number, count: number): void {
    const gl = this.gl;
    if (!this.layout) return;
    for (let id = start; id < start + count; id++) this.layout.noteSize(sizes[id]);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.sizeBuffer);
    if (count > BULK_UPDATE_STARS) {
      gl.bufferSubData(gl.ARRAY_BUFFER, 0, this.layout.reorder(sizes, 1));
      return;
    }
    for (let id = start; id < start + count; id++) gl.bufferSubData(gl.ARRAY_BUFFER, this.layout.slotOf[id] * 4, sizes, id, 1);
  }

  draw(camera: Camera): void {
    if (this.count === 0 || !this.layout) return;
    const gl = this.gl;
    const runs = this.layout.visible(camera.viewProjection, camera.width, camera.height, Math.tan((FIELD_OF_VIEW_DEGREES * Math.PI) / 360));
    if (runs.runs === 0) return;
    gl.useProgram(this.program);
    gl.uniformMatrix4fv(this.uView, false, camera.view);
    gl.uniformMatrix4fv(this.uProjection, false, camera.projection);
    gl.uniform1f(this.uMaxPointSize, this.maxPointSize);
    gl.bindVertexArray(this.vao);
    gl.disable(gl.BLEND);
    gl.depthMask(true);
    for (let r = 0; r < runs.runs; r++) gl.drawArrays(gl.POINTS, runs.first[r], runs.count[r]);
    gl.bindVertexArray(null);
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteBuffer(this.positionBuffer);
    gl.deleteBuffer(this.colorBuffer);
    gl.deleteBuffer(this.sizeBuffer);
    gl.deleteVertexArray(this.vao);
    gl.deleteProgram(this.program);
  }
}
