import { frameMilliseconds, ReadbackRing } from './frameStamps';

/** Readback buffers: a frame's timestamps are read a frame or two late, and a frame begun while all of them wait is not timed. */
const READBACKS = 4;
/** Timings kept for gpuFrameTimes when nobody asks for them: the newest ones. */
const MAX_KEPT = 64;
/** Two u64 timestamps: the first pass's start, the last pass's end. */
const STAMP_BYTES = 16;

/** The timestamp writes of a timed frame's passes, made once: which one a pass takes depends on how many passes the frame has. */
export interface FrameTimestampWrites {
  /** The first of two or more passes: its start. */
  readonly first: GPUComputePassTimestampWrites;
  /** The last of two or more passes: its end. */
  readonly last: GPURenderPassTimestampWrites;
  /** A frame's only pass: its start and end. */
  readonly only: GPURenderPassTimestampWrites;
}

/**
 * GPU time of frames from WebGPU's `timestamp-query` (docs/rules.md#url, `fps`): the start of a
 * frame's first pass and the end of its last written into a query set, resolved and copied into one
 * of a ring of readback buffers at the end of the frame and mapped without waiting; a frame begun
 * while every readback buffer waits for its map is not timed. After the device is lost nothing is
 * timed and what was measured is dropped. Undefined where the device lacks the feature.
 */
export class WebGPUGpuTimer {
  private readonly querySet: GPUQuerySet;
  private readonly resolved: GPUBuffer;
  private readonly readbacks: GPUBuffer[];
  private readonly ring = new ReadbackRing(READBACKS);
  private readonly writes: FrameTimestampWrites;
  private times: number[] = [];
  /** The readback slot of the frame being encoded, between begin and read. */
  private timing: number | undefined;
  private lost = false;

  private constructor(device: GPUDevice) {
    this.querySet = device.createQuerySet({ type: 'timestamp', count: 2, label: 'frame timestamps' });
    this.resolved = device.createBuffer({ size: STAMP_BYTES, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
    this.readbacks = Array.from({ length: READBACKS }, () => device.createBuffer({ size: STAMP_BYTES, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ }));
    const querySet = this.querySet;
    this.writes = {
      first: { querySet, beginningOfPassWriteIndex: 0 },
      last: { querySet, endOfPassWriteIndex: 1 },
      only: { querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 },
    };
    void device.lost.then(() => this.drop());
  }

  static create(device: GPUDevice): WebGPUGpuTimer | undefined {
    return device.features.has('timestamp-query') ? new WebGPUGpuTimer(device) : undefined;
  }

  /** The timestamp writes for this frame's passes, or undefined when the frame is not timed. */
  begin(): FrameTimestampWrites | undefined {
    if (this.lost || this.timing !== undefined) return undefined;
    this.timing = this.ring.take();
    return this.timing === undefined ? undefined : this.writes;
  }

  /** Resolves the timed frame's timestamps into its readback buffer, on the frame's encoder after its last pass. */
  resolve(encoder: GPUCommandEncoder): void {
    if (this.timing === undefined) return;
    encoder.resolveQuerySet(this.querySet, 0, 2, this.resolved, 0);
    encoder.copyBufferToBuffer(this.resolved, 0, this.readbacks[this.timing], 0, STAMP_BYTES);
  }

  /** After the frame is submitted: maps its readback buffer, and takes its time when the map comes. */
  read(): void {
    const slot = this.timing;
    this.timing = undefined;
    if (slot === undefined) return;
    const buffer = this.readbacks[slot];
    buffer.mapAsync(GPUMapMode.READ).then(
      () => {
        const stamps = new BigUint64Array(buffer.getMappedRange(), 0, 2);
        const ms = this.lost ? undefined : frameMilliseconds(stamps[0], stamps[1]);
        buffer.unmap();
        this.ring.give(slot);
        if (ms === undefined) return;
        this.times.push(ms);
        if (this.times.length > MAX_KEPT) this.times.shift();
      },
      () => this.ring.give(slot),
    );
  }

  /** GPU milliseconds of the frames whose timings came in since the last call, oldest first. */
  finished(): number[] {
    const times = this.times;
    this.times = [];
    return times;
  }

  /** Stops timing and drops what was measured (the device was lost: its clock and its frames are gone). */
  private drop(): void {
    this.lost = true;
    this.times = [];
  }

  dispose(): void {
    this.drop();
    this.querySet.destroy();
    this.resolved.destroy();
    for (const buffer of this.readbacks) buffer.destroy();
  }
}
