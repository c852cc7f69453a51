import { Gunzip } from 'fflate';

/** Thrown when gzip bytes inflate past the limit given to gunzip. */
export class GunzipLimitError extends Error {
  constructor(readonly limit: number) {
    super(`inflates to more than ${limit / 2 ** 20} MB`);
    this.name = 'GunzipLimitError';
  }
}

/** Gzip bytes handed to fflate at a time: deflate packs at most 1032 to 1, so one piece unpacks to 17 MB at most. */
const PIECE_BYTES = 16 * 1024;

/**
 * Unpacks gzip bytes, every member of a multi-member file in turn, in Node and in browsers alike
 * (the browser's worker streams through DecompressionStream instead, as the bytes arrive). The bytes
 * go in a piece at a time, so that a gzip bomb stops at `maxOutput` (give or take one piece's
 * output) instead of being unpacked whole before the limit is looked at.
 */
export function gunzip(bytes: Uint8Array, maxOutput = Number.POSITIVE_INFINITY): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const stream = new Gunzip((chunk) => {
    chunks.push(chunk);
    length += chunk.length;
    if (length > maxOutput) throw new GunzipLimitError(maxOutput);
  });
  for (let at = 0; at < bytes.length || at === 0; at += PIECE_BYTES) {
    stream.push(bytes.subarray(at, at + PIECE_BYTES), at + PIECE_BYTES >= bytes.length);
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
