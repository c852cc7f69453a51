import fragmentSource from '../../../shaders/depthTiles.frag?raw';
import vertexSource from '../../../shaders/depthTiles.vert?raw';
import type { DepthTiles } from './hiddenCells';
import { TILE_PIXELS } from '../shaderConstants';
import { createProgram } from './program';

/** Reduces a depth texture to the farthest depth per tile on the GPU and reads the tiles back. */
export class WebGL2DepthTiles {
  private program: WebGLProgram;
  private uDepth: WebGLUniformLocation | null;
  private uTile: WebGLUniformLocation | null;
  private framebuffer: WebGLFramebuffer;
  private texture: WebGLTexture | null = null;
  private bytes = new Uint8Array(0);
  private tiles: DepthTiles = { farthest: new Uint32Array(0), tilesX: 0, tilesY: 0, tileSize: TILE_PIXELS, rowsFromTop: false, width: 0, height: 0 };

  constructor(private gl: WebGL2RenderingContext) {
    this.program = createProgram(gl, vertexSource, fragmentSource);
    this.uDepth = gl.getUniformLocation(this.program, 'uDepth');
    this.uTile = gl.getUniformLocation(this.program, 'uTile');
    this.framebuffer = gl.createFramebuffer();
  }

  /** The farthest depth per tile of `depth` (width x height); leaves `restore` bound with a full viewport. */
  read(depth: WebGLTexture, width: number, height: number, restore: WebGLFramebuffer): DepthTiles {
    const gl = this.gl;
    if (width !== this.tiles.width || height !== this.tiles.height) this.allocate(width, height);
    const { tilesX, tilesY } = this.tiles;
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.viewport(0, 0, tilesX, tilesY);
    gl.disable(gl.DEPTH_TEST);
    gl.bindVertexArray(null);
    gl.useProgram(this.program);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, depth);
    gl.uniform1i(this.uDepth, 0);
    gl.uniform1i(this.uTile, TILE_PIXELS);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.readPixels(0, 0, tilesX, tilesY, gl.RGBA, gl.UNSIGNED_BYTE, this.bytes);
    const { farthest } = this.tiles;
    for (let i = 0, p = 0; i < farthest.length; i++, p += 4) farthest[i] = (this.bytes[p] << 16) | (this.bytes[p + 1] << 8) | this.bytes[p + 2];
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.enable(gl.DEPTH_TEST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, restore);
    gl.viewport(0, 0, width, height);
    return this.tiles;
  }

  private allocate(width: number, height: number): void {
    const gl = this.gl;
    const tilesX = Math.ceil(width / TILE_PIXELS), tilesY = Math.ceil(height / TILE_PIXELS);
    this.tiles = { farthest: new Uint32Array(tilesX * tilesY), tilesX, tilesY, tileSize: TILE_PIXELS, rowsFromTop: false, width, height };
    this.bytes = new Uint8Array(tilesX * tilesY * 4);
    gl.deleteTexture(this.texture);
    this.texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, tilesX, tilesY);
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.texture, 0);
  }

  dispose(): void {
    this.gl.deleteProgram(this.program);
    this.gl.deleteFramebuffer(this.framebuffer);
    this.gl.deleteTexture(this.texture);
  }
}
