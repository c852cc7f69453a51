/** What a render pass and a render bundle encoder both take: pipelines, bind groups, buffers, draws. */
export type RenderCommands = GPURenderCommandsMixin & GPUBindingCommandsMixin;

/**
 * A frame's render pass commands recorded once into a render bundle and replayed with
 * executeBundles, recorded again only when their key changes: each number of the key stands for
 * something the commands encode (a buffer or bind group made again bumps its owner's version), so a
 * flight over the same buffers replays one bundle instead of encoding a dozen calls a frame.
 */
export class RecordedPass {
  private key: number[] = [];
  private bundles: GPURenderBundle[] = [];

  constructor(private device: GPUDevice, private descriptor: GPURenderBundleEncoderDescriptor) {}

  /** The bundles to execute for `key`: the last ones while it is the same, else what `record` encodes now. */
  bundlesFor(key: readonly number[], record: (commands: RenderCommands) => void): readonly GPURenderBundle[] {
    if (this.bundles.length > 0 && sameKey(this.key, key)) return this.bundles;
    const encoder = this.device.createRenderBundleEncoder(this.descriptor);
    record(encoder);
    this.bundles = [encoder.finish({ label: this.descriptor.label })];
    this.key = key.slice();
    return this.bundles;
  }
}

function sameKey(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
