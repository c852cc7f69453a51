import { describe, expect, it } from 'vitest';
import { RecordedPass, type RenderCommands } from '../../../src/renderer/webgpu/renderBundle';

/** A device whose bundle encoders only count what is encoded into them. */
function fakeDevice() {
  const made = { encoders: 0, draws: 0 };
  const device = {
    createRenderBundleEncoder: () => {
      made.encoders++;
      return { draw: () => made.draws++, finish: () => ({ label: `bundle ${made.encoders}` }) };
    },
  } as unknown as GPUDevice;
  return { device, made };
}

describe('the recorded render pass (WebGPU render bundles)', () => {
  const record = (commands: RenderCommands) => commands.draw(3);

  it('records the draws once and replays them while their key stays the same', () => {
    const { device, made } = fakeDevice();
    const pass = new RecordedPass(device, { colorFormats: ['bgra8unorm'] });
    const key = [1, 4, 0, 2];
    const first = pass.bundlesFor(key, record);
    for (let frame = 0; frame < 100; frame++) expect(pass.bundlesFor(key, record)).toBe(first);
    expect(made).toEqual({ encoders: 1, draws: 1 });
  });

  it('records them again when any part of the key changes, even in the same array', () => {
    const { device, made } = fakeDevice();
    const pass = new RecordedPass(device, { colorFormats: ['bgra8unorm'] });
    const key = [1, 4, 0, 2];
    const first = pass.bundlesFor(key, record);
    key[3] = -1;
    const second = pass.bundlesFor(key, record);
    expect(second).not.toBe(first);
    expect(pass.bundlesFor([1, 4, 0, -1], record)).toBe(second);
    expect(pass.bundlesFor([1, 4, 0], record)).not.toBe(second);
    expect(made.encoders).toBe(3);
  });
});
