/**
 * Begins a render pass into the canvas's texture of the frame. WebGPU takes a texture where an
 * attachment's view is asked (its whole default view): a browser that does (Chromium 156 here) is
 * given the texture itself, which saves a createView call and an object every frame. A browser
 * from before that rejects the dictionary with a TypeError; from then on each frame makes a view.
 */
export class CanvasAttachment {
  /** Whether the browser took a texture as the attachment's view (until one rejects it). */
  private takesTexture = true;

  beginPass(encoder: GPUCommandEncoder, descriptor: GPURenderPassDescriptor, colour: GPURenderPassColorAttachment, texture: GPUTexture): GPURenderPassEncoder {
    if (this.takesTexture) {
      colour.view = texture;
      try {
        return encoder.beginRenderPass(descriptor);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        this.takesTexture = false;
      }
    }
    colour.view = texture.createView();
    return encoder.beginRenderPass(descriptor);
  }
}
