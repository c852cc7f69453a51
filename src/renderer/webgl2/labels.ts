import fragmentSource from '../../../shaders/labels.frag?raw';
import vertexSource from '../../../shaders/labels.vert?raw';
import { LABEL_QUAD_FLOATS } from '../../labels/constants';
import { type LabelAtlasImage, type LabelQuads, rowsToUpload } from '../../labels/labelQuads';
import { LABEL_EDGE, LABEL_HALO_COLOR, LABEL_HALO_EDGE } from '../../labels/labelShading';
import { createProgram } from './program';

/** Star names: instanced screen-space quads over the distance-field atlas, drawn last, without depth. */
export class WebGL2Labels {
  private program: WebGLProgram;
  private vao: WebGLVertexArrayObject;
  private instances: WebGLBuffer;
  private texture: WebGLTexture;
  private textureSize: [number, number] = [0, 0];
  private count = 0;
  private seenAtlas: LabelAtlasImage | undefined;
  private constantsSet = false;
  /** The viewport uniform as set (CSS px); NaN before the first draw. */
  private viewport: [number, number] = [NaN, NaN];
  private uniforms: Record<'viewport' | 'atlas' | 'edge' | 'haloEdge' | 'haloColor', WebGLUniformLocation | null>;

  constructor(private gl: WebGL2RenderingContext) {
    this.program = createProgram(gl, vertexSource, fragmentSource);
    const at = (name: string) => gl.getUniformLocation(this.program, name);
    this.uniforms = { viewport: at('uViewport'), atlas: at('uAtlas'), edge: at('uEdge'), haloEdge: at('uHaloEdge'), haloColor: at('uHaloColor') };
    this.vao = gl.createVertexArray();
    this.instances = gl.createBuffer();
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    for (let location = 0; location < 3; location++) {
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, 4, gl.FLOAT, false, LABEL_QUAD_FLOATS * 4, location * 16);
      gl.vertexAttribDivisor(location, 1);
    }
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    this.texture = gl.createTexture();
  }

  set(labels: LabelQuads | undefined): void {
    this.count = labels?.count ?? 0;
    if (!labels || labels.count === 0) return;
    const gl = this.gl;
    const atlas = labels.atlas;
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    // A new texture is all 0, as the atlas is below its used rows (rowsToUpload); so is one for another atlas.
    if (this.textureSize[0] !== atlas.width || this.textureSize[1] !== atlas.height || (this.seenAtlas && this.seenAtlas !== atlas)) {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, atlas.width, atlas.height, 0, gl.RED, gl.UNSIGNED_BYTE, null);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
      this.textureSize = [atlas.width, atlas.height];
      this.seenAtlas = undefined;
    }
    const rows = rowsToUpload(labels, this.seenAtlas);
    this.seenAtlas = atlas;
    if (rows.end > rows.start) {
      const data = atlas.data.subarray(rows.start * atlas.width, rows.end * atlas.width);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, rows.start, atlas.width, rows.end - rows.start, gl.RED, gl.UNSIGNED_BYTE, data);
    }
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    gl.bufferData(gl.ARRAY_BUFFER, labels.quads.subarray(0, labels.count * LABEL_QUAD_FLOATS), gl.DYNAMIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
  }

  draw(cssWidth: number, cssHeight: number): void {
    if (this.count === 0) return;
    const gl = this.gl;
    gl.useProgram(this.program);
    // A program keeps its uniforms: the constants are set once, the viewport when the canvas's size changes.
    if (!this.constantsSet) {
      gl.uniform1f(this.uniforms.edge, LABEL_EDGE);
      gl.uniform1f(this.uniforms.haloEdge, LABEL_HALO_EDGE);
      gl.uniform4fv(this.uniforms.haloColor, LABEL_HALO_COLOR);
      gl.uniform1i(this.uniforms.atlas, 0);
      this.constantsSet = true;
    }
    if (this.viewport[0] !== cssWidth || this.viewport[1] !== cssHeight) {
      gl.uniform2f(this.uniforms.viewport, cssWidth, cssHeight);
      this.viewport = [cssWidth, cssHeight];
    }
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.bindVertexArray(this.vao);
    gl.disable(gl.DEPTH_TEST);
    gl.depthMask(false);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    gl.drawArraysInstanced(gl.TRIANGLES, 0, 6, this.count);
    gl.disable(gl.BLEND);
    gl.depthMask(true);
    gl.enable(gl.DEPTH_TEST);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  dispose(): void {
    this.gl.deleteBuffer(this.instances);
    this.gl.deleteTexture(this.texture);
    this.gl.deleteVertexArray(this.vao);
    this.gl.deleteProgram(this.program);
  }
}
