import { largestInput, neededBytes } from './memoryBudget';

/** The input needs more memory than the budget: raised before the bytes are held. */
export class TooBigError extends Error {
  constructor(
    readonly neededBytes: number,
    readonly budget: number,
  ) {
    super(`needs about ${neededBytes} bytes of memory, ${budget} available`);
    this.name = 'TooBigError';
  }
}

const GZIP = [0x1f, 0x8b];

/** The size gzip records for its unpacked data (the last four bytes: the size mod 2^32). */
export function gzipUnpackedSize(tail: Uint8Array): number {
  return tail.length < 4 ? 0 : new DataView(tail.buffer, tail.byteOffset + tail.length - 4, 4).getUint32(0, true);
}

function startsWithGzip(chunk: Uint8Array): boolean {
  return chunk[0] === GZIP[0] && chunk[1] === GZIP[1];
}

/**
 * Reads a byte stream to its end, unpacking gzip (DecompressionStream) as the bytes arrive,
 * reporting the raw bytes read, and stopping with TooBigError as soon as the unpacked bytes could
 * not be imported within `budget`. `expected` is the unpacked size when known ahead.
 */
export async function readGraphBytes(
  stream: ReadableStream<Uint8Array>,
  options: { total: number | undefined; budget: number; onProgress: (loaded: number) => void; expected?: number },
): Promise<Uint8Array> {
  const limit = largestInput(options.budget);
  if (options.expected !== undefined && options.expected > limit) {
    await stream.cancel().catch(() => undefined);
    throw new TooBigError(neededBytes(options.expected), options.budget);
  }
  let loaded = 0;
  const counted = stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.length;
        options.onProgress(loaded);
        controller.enqueue(chunk);
      },
    }),
  );
  const reader = counted.getReader();
  const first = await reader.read();
  if (first.done) return new Uint8Array(0);
  let source: ReadableStreamDefaultReader<Uint8Array> = reader;
  let pending: Uint8Array | undefined = first.value;
  if (startsWithGzip(first.value)) {
    // Hand the first chunk and the rest of the stream to the unpacker.
    const rest = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(first.value);
      },
      async pull(controller) {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    source = rest.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>).getReader();
    pending = undefined;
  }
  let buffer = new Uint8Array(Math.min(limit, Math.max(1 << 16, options.expected ?? options.total ?? 0)));
  let length = 0;
  for (;;) {
    let chunk: Uint8Array;
    if (pending) {
      chunk = pending;
      pending = undefined;
    } else {
      const next = await source.read();
      if (next.done) break;
      chunk = next.value;
    }
    if (length + chunk.length > limit) {
      await source.cancel().catch(() => undefined);
      throw new TooBigError(neededBytes(Math.max(length + chunk.length, options.expected ?? 0, options.total ?? 0)), options.budget);
    }
    if (length + chunk.length > buffer.length) {
      const grown = new Uint8Array(Math.min(limit, Math.max(buffer.length * 2, length + chunk.length)));
      grown.set(buffer.subarray(0, length));
      buffer = grown;
    }
    buffer.set(chunk, length);
    length += chunk.length;
  }
  return buffer.subarray(0, length);
}
