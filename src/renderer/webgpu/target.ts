export const DEPTH_FORMAT: GPUTextureFormat = 'depth24plus';

/** The depth attachment, recreated when the canvas size changes. */
export class DepthTarget {
  private texture: GPUTexture | undefined;
  /** The texture's view, made with it: a new one each frame was a call and an object that change nothing. */
  private textureView: GPUTextureView | undefined;

  constructor(private device: GPUDevice) {}

  view(width: number, height: number): GPUTextureView {
    if (!this.texture || this.texture.width !== width || this.texture.height !== height) {
      this.texture?.destroy();
      this.texture = this.device.createTexture({ size: [width, height], format: DEPTH_FORMAT, usage: GPUTextureUsage.RENDER_ATTACHMENT });
      this.textureView = undefined;
    }
    return (this.textureView ??= this.texture.createView());
  }

  dispose(): void {
    this.texture?.destroy();
  }
}
