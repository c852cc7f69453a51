import { describe, expect, it } from 'vitest';
import { CanvasAttachment } from '../../../src/renderer/webgpu/canvasAttachment';

/** A canvas texture that counts the views made of it. */
function canvasTexture() {
  const texture = { views: 0, createView: () => (texture.views++, { view: true }) };
  return texture;
}

/** An encoder whose beginRenderPass records the colour attachment's view, rejecting a texture where `takesTexture` is false as an older browser's dictionary conversion does. */
function encoder(takesTexture: boolean) {
  const begun: unknown[] = [];
  const calls = { count: 0 };
  return {
    begun,
    calls,
    beginRenderPass(descriptor: GPURenderPassDescriptor) {
      calls.count++;
      const view = [...descriptor.colorAttachments][0]!.view;
      if (!takesTexture && 'createView' in view) throw new TypeError("Failed to execute 'beginRenderPass': not of type 'GPUTextureView'");
      begun.push(view);
      return {} as GPURenderPassEncoder;
    },
  };
}

function frame(attachment: CanvasAttachment, takesTexture: boolean) {
  const texture = canvasTexture();
  const colour = { view: undefined as unknown as GPUTextureView, loadOp: 'clear', storeOp: 'store' } as GPURenderPassColorAttachment;
  const pass = encoder(takesTexture);
  attachment.beginPass(pass as unknown as GPUCommandEncoder, { colorAttachments: [colour] }, colour, texture as unknown as GPUTexture);
  return { texture, begun: pass.begun, calls: pass.calls.count };
}

describe('the canvas texture as the render pass attachment', () => {
  it('is given as the texture itself where the browser takes one: no view is made, frame after frame', () => {
    const attachment = new CanvasAttachment();
    for (let i = 0; i < 3; i++) {
      const { texture, begun, calls } = frame(attachment, true);
      expect(begun).toEqual([texture]);
      expect(texture.views).toBe(0);
      expect(calls).toBe(1);
    }
  });

  it('falls back to a view of it where the browser rejects a texture, and makes one every frame after without trying the texture again', () => {
    const attachment = new CanvasAttachment();
    const first = frame(attachment, false);
    expect(first.begun).toEqual([{ view: true }]);
    expect(first.texture.views).toBe(1);
    expect(first.calls).toBe(2);
    const second = frame(attachment, false);
    expect(second.begun).toEqual([{ view: true }]);
    expect(second.texture.views).toBe(1);
    expect(second.calls).toBe(1);
  });

  it('lets another error through: only a rejected dictionary means an older browser', () => {
    const attachment = new CanvasAttachment();
    const failing = { beginRenderPass: () => { throw new Error('device lost'); } };
    const colour = { view: undefined as unknown as GPUTextureView, loadOp: 'clear', storeOp: 'store' } as GPURenderPassColorAttachment;
    expect(() => attachment.beginPass(failing as unknown as GPUCommandEncoder, { colorAttachments: [colour] }, colour, canvasTexture() as unknown as GPUTexture)).toThrow('device lost');
  });
});
