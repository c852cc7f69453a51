/** At most this many passes are timed per frame. */
const MAX_PASSES = 16;

/**
 * GPU time of each compute and render pass a frame encodes, by timestamp queries: the device's
 * createCommandEncoder is wrapped so that every pass begun on its encoders writes a timestamp at
 * its start and end (the renderer's code is left as it is). Needs `timestamp-query` on the device.
 */
export class PassTimer {
  private readonly querySet: GPUQuerySet;
  private readonly resolved: GPUBuffer;
  private readonly readback: GPUBuffer;
  private names: string[] = [];

  constructor(private readonly device: GPUDevice) {
    this.querySet = device.createQuerySet({ type: 'timestamp', count: MAX_PASSES * 2 });
    this.resolved = device.createBuffer({ size: MAX_PASSES * 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
    this.readback = device.createBuffer({ size: MAX_PASSES * 16, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
    const createEncoder = device.createCommandEncoder.bind(device);
    device.createCommandEncoder = (descriptor?: GPUCommandEncoderDescriptor) => {
      const encoder = createEncoder(descriptor);
      const beginCompute = encoder.beginComputePass.bind(encoder);
      const beginRender = encoder.beginRenderPass.bind(encoder);
      encoder.beginComputePass = (pass?: GPUComputePassDescriptor) => beginCompute({ ...pass, timestampWrites: this.writes(pass?.label || 'compute') });
      encoder.beginRenderPass = (pass: GPURenderPassDescriptor) => beginRender({ ...pass, timestampWrites: this.writes(pass.label || 'draw') });
      return encoder;
    };
  }

  private writes(name: string): GPUComputePassTimestampWrites | undefined {
    const index = this.names.length;
    if (index >= MAX_PASSES) return undefined;
    this.names.push(name);
    return { querySet: this.querySet, beginningOfPassWriteIndex: index * 2, endOfPassWriteIndex: index * 2 + 1 };
  }

  /** The passes encoded since the last call with their GPU milliseconds (call after the frame's work is submitted). */
  async read(): Promise<{ name: string; ms: number }[]> {
    const names = this.names;
    this.names = [];
    if (names.length === 0) return [];
    const encoder = this.device.createCommandEncoder();
    encoder.resolveQuerySet(this.querySet, 0, names.length * 2, this.resolved, 0);
    encoder.copyBufferToBuffer(this.resolved, 0, this.readback, 0, names.length * 16);
    this.device.queue.submit([encoder.finish()]);
    // The resolve above went through the wrapped encoder, which began no pass: nothing was added.
    await this.readback.mapAsync(GPUMapMode.READ, 0, names.length * 16);
    const stamps = new BigInt64Array(this.readback.getMappedRange(0, names.length * 16).slice(0));
    this.readback.unmap();
    return names.map((name, i) => ({ name, ms: Number(stamps[i * 2 + 1] - stamps[i * 2]) / 1e6 }));
  }
}
