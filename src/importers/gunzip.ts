import { Gunzip } from 'fflate';

/** Thrown when gzip bytes inflate past the limit given to gunzip. */
export class GunzipLimitError extends Error {
  constructor(readonly limit: number) {
    super(`inflates to more than ${limit / 2 ** 20} MB`);
    this.name = 'GunzipLimitError';
  }
}

/**
 * Unpacks gzip bytes, every member of a multi-member file in turn, in Node and in browsers alike
 * (the browser's worker streams through DecompressionStream instead, as the bytes arrive).
 */
export function gunzip(bytes: Uint8Array, maxOutput = Number.POSITIVE_INFINITY): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const stream = new Gunzip((chunk) => {
    chunks.push(chunk);
    length += chunk.length;
    if (length > maxOutput) throw new GunzipLimitError(maxOutput);
  });
  stream.push(bytes, true);
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
