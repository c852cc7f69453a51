import { Gunzip } from 'fflate';

/**
 * Unpacks gzip bytes, every member of a multi-member file in turn, in Node and in browsers alike
 * (the browser's worker streams through DecompressionStream instead, as the bytes arrive).
 */
export function gunzip(bytes: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const stream = new Gunzip((chunk) => {
    chunks.push(chunk);
    length += chunk.length;
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
