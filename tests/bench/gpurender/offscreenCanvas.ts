/**
 * A stand-in for a canvas in Node, where Dawn has no window: its 'webgpu' context hands out a
 * texture of the canvas's size in the configured format each frame, as a browser's does, which can
 * be read back. Enough of HTMLCanvasElement for the WebGPU renderer (src/renderer/webgpu).
 */
export class OffscreenGpuCanvas {
  private configuration: GPUCanvasConfiguration | undefined;
  private texture: GPUTexture | undefined;
  readonly context: GPUCanvasContext;

  constructor(
    public width: number,
    public height: number,
  ) {
    const canvas = this;
    this.context = {
      get canvas() {
        return canvas as unknown as HTMLCanvasElement;
      },
      configure: (configuration: GPUCanvasConfiguration) => {
        this.configuration = configuration;
      },
      unconfigure: () => {
        this.texture?.destroy();
        this.texture = undefined;
        this.configuration = undefined;
      },
      getConfiguration: () => this.configuration ?? null,
      getCurrentTexture: () => this.currentTexture(),
    } as unknown as GPUCanvasContext;
  }

  getContext(kind: string): GPUCanvasContext | null {
    return kind === 'webgpu' ? this.context : null;
  }

  /** The texture the last frame was drawn into. */
  currentTexture(): GPUTexture {
    const configuration = this.configuration;
    if (!configuration) throw new Error('the offscreen canvas is not configured');
    const texture = this.texture;
    if (texture && texture.width === this.width && texture.height === this.height) return texture;
    texture?.destroy();
    this.texture = configuration.device.createTexture({
      size: [this.width, this.height],
      format: configuration.format,
      usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC,
    });
    return this.texture;
  }

  /** RGBA bytes of the last frame, top row first (a BGRA texture is swapped to RGBA). */
  async readPixels(device: GPUDevice): Promise<Uint8Array> {
    const texture = this.currentTexture();
    const rowBytes = Math.ceil((this.width * 4) / 256) * 256;
    const buffer = device.createBuffer({ size: rowBytes * this.height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
    const encoder = device.createCommandEncoder();
    encoder.copyTextureToBuffer({ texture }, { buffer, bytesPerRow: rowBytes }, [this.width, this.height]);
    device.queue.submit([encoder.finish()]);
    await buffer.mapAsync(GPUMapMode.READ);
    const mapped = new Uint8Array(buffer.getMappedRange());
    const pixels = new Uint8Array(this.width * this.height * 4);
    const bgra = texture.format.startsWith('bgra');
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const from = y * rowBytes + x * 4, to = (y * this.width + x) * 4;
        pixels[to] = mapped[from + (bgra ? 2 : 0)];
        pixels[to + 1] = mapped[from + 1];
        pixels[to + 2] = mapped[from + (bgra ? 0 : 2)];
        pixels[to + 3] = mapped[from + 3];
      }
    }
    buffer.unmap();
    buffer.destroy();
    return pixels;
  }
}
