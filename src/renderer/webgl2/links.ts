import fragmentSource from '../../../shaders/links.frag?raw';
import vertexSource from '../../../shaders/links.vert?raw';
import type { Camera } from '../camera';
import type { IndexRange, LinkColours } from '../types';
import { linkIndexRoom } from '../linkIndices';
import { createProgram } from './program';
import { bindStarAttribute } from './starPasses';

/**
 * Links as gl.LINES over the star position and colour buffers, indexed by slot pairs, blended
 * additively. The stars' buffers are rewritten in place (bufferData on the same buffer objects),
 * so the vertex array made here stays valid as the pool grows.
 */
export class WebGL2Links {
  private program: WebGLProgram;
  private vao: WebGLVertexArrayObject;
  private indexBuffer: WebGLBuffer;
  private count = 0;
  /** Indices the index buffer has room for. */
  private room = 0;
  private uView: WebGLUniformLocation | null;
  private uProjection: WebGLUniformLocation | null;
  private uStarColours: WebGLUniformLocation | null;
  private colours: LinkColours = 'positions';
  /** uStarColours as set in the program (it keeps its uniforms); -1 before the first draw. */
  private starColoursSet = -1;

  constructor(private gl: WebGL2RenderingContext, stars: { positionBuffer: WebGLBuffer; colorBuffer: WebGLBuffer }) {
    this.program = createProgram(gl, vertexSource, fragmentSource);
    this.uView = gl.getUniformLocation(this.program, 'uView');
    this.uProjection = gl.getUniformLocation(this.program, 'uProjection');
    this.uStarColours = gl.getUniformLocation(this.program, 'uStarColours');
    this.vao = gl.createVertexArray();
    this.indexBuffer = gl.createBuffer();
    gl.bindVertexArray(this.vao);
    // links.vert reads them at the stars' locations: position 0, colour 1.
    bindStarAttribute(gl, 'position', stars.positionBuffer);
    bindStarAttribute(gl, 'color', stars.colorBuffer);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indexBuffer);
    gl.bindVertexArray(null);
  }

  set(pairs: Uint32Array | undefined): void {
    const gl = this.gl;
    this.count = pairs?.length ?? 0;
    gl.bindVertexArray(this.vao);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, pairs ?? new Uint32Array(0), gl.STATIC_DRAW);
    gl.bindVertexArray(null);
    this.room = this.count;
  }

  write(pairs: Uint32Array<ArrayBuffer>, changed: readonly IndexRange[]): void {
    const gl = this.gl;
    gl.bindVertexArray(this.vao);
    if (pairs.length > this.room) {
      this.room = linkIndexRoom(pairs.length);
      gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, this.room * 4, gl.DYNAMIC_DRAW);
      gl.bufferSubData(gl.ELEMENT_ARRAY_BUFFER, 0, pairs);
    } else {
      for (const { start, count } of changed) {
        const end = Math.min(start + count, pairs.length);
        if (end > start) gl.bufferSubData(gl.ELEMENT_ARRAY_BUFFER, start * 4, pairs, start, end - start);
      }
    }
    gl.bindVertexArray(null);
    this.count = pairs.length;
  }

  setColours(colours: LinkColours): void {
    this.colours = colours;
  }

  draw(camera: Camera): void {
    if (this.count === 0) return;
    const gl = this.gl;
    gl.useProgram(this.program);
    gl.uniformMatrix4fv(this.uView, false, camera.view);
    gl.uniformMatrix4fv(this.uProjection, false, camera.projection);
    const starColours = this.colours === 'stars' ? 1 : 0;
    if (starColours !== this.starColoursSet) {
      gl.uniform1i(this.uStarColours, starColours);
      this.starColoursSet = starColours;
    }
    gl.bindVertexArray(this.vao);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE);
    gl.depthMask(false);
    gl.drawElements(gl.LINES, this.count, gl.UNSIGNED_INT, 0);
    gl.depthMask(true);
    gl.disable(gl.BLEND);
  }

  dispose(): void {
    this.gl.deleteBuffer(this.indexBuffer);
    this.gl.deleteVertexArray(this.vao);
    this.gl.deleteProgram(this.program);
  }
}
