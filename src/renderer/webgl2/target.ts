import { WebGL2DepthTiles } from './depthTiles';
import type { DepthTiles } from './hiddenCells';

/**
 * The frame is drawn off screen (colour renderbuffer, depth texture) and blitted to the canvas at
 * the end, so that its depth can be copied mid-frame into a second texture that shaders may read
 * while the first is still being drawn into (WebGL forbids sampling an attachment being drawn to).
 */
export class WebGL2FrameTarget {
  private framebuffer: WebGLFramebuffer;
  private color: WebGLRenderbuffer;
  private depth: WebGLTexture;
  private copyFramebuffer: WebGLFramebuffer;
  /** The depth copy made by copyDepth(), read with texelFetch. */
  readonly depthCopy: WebGLTexture;
  private tiles: WebGL2DepthTiles;
  private width = 0;
  private height = 0;

  constructor(private gl: WebGL2RenderingContext) {
    this.framebuffer = gl.createFramebuffer();
    this.color = gl.createRenderbuffer();
    this.depth = gl.createTexture();
    this.copyFramebuffer = gl.createFramebuffer();
    this.depthCopy = gl.createTexture();
    this.tiles = new WebGL2DepthTiles(gl);
  }

  /** Binds the off-screen framebuffer at the given size, (re)allocating it when the size changed. */
  begin(width: number, height: number): void {
    const gl = this.gl;
    if (width !== this.width || height !== this.height) this.allocate(width, height);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
  }

  copyDepth(): void {
    const gl = this.gl;
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, this.framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, this.copyFramebuffer);
    gl.blitFramebuffer(0, 0, this.width, this.height, 0, 0, this.width, this.height, gl.DEPTH_BUFFER_BIT, gl.NEAREST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
  }

  /** The farthest depth per tile of the last copyDepth(); waits for the frame so far to be drawn. */
  depthTiles(): DepthTiles {
    return this.tiles.read(this.depthCopy, this.width, this.height, this.framebuffer);
  }

  /** Copies the colour to the canvas. */
  present(): void {
    const gl = this.gl;
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, this.framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
    gl.blitFramebuffer(0, 0, this.width, this.height, 0, 0, this.width, this.height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  }

  private allocate(width: number, height: number): void {
    const gl = this.gl;
    this.width = width;
    this.height = height;
    gl.bindRenderbuffer(gl.RENDERBUFFER, this.color);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, width, height);
    for (const texture of [this.depth, this.depthCopy]) {
      gl.bindTexture(gl.TEXTURE_2D, texture);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.DEPTH_COMPONENT24, width, height, 0, gl.DEPTH_COMPONENT, gl.UNSIGNED_INT, null);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    }
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, this.color);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, this.depth, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.copyFramebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, this.depthCopy, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  }

  dispose(): void {
    const gl = this.gl;
    gl.deleteFramebuffer(this.framebuffer);
    gl.deleteFramebuffer(this.copyFramebuffer);
    gl.deleteRenderbuffer(this.color);
    gl.deleteTexture(this.depth);
    gl.deleteTexture(this.depthCopy);
    this.tiles.dispose();
  }
}
