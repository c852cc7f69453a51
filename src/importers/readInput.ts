import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ImportError } from './types';

/** What `galaxy build` reads of one input at most, unzipped, unless --max-input-mb says otherwise. */
export const DEFAULT_MAX_INPUT_BYTES = 256 * 1024 * 1024;

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

class InputTooLarge extends Error {}

/** Passes bytes through until `limit` is passed, then fails (which stops reading and unzipping). */
class Cap extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) done(new InputTooLarge());
    else done(null, chunk);
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB`;
}

async function startsWithGzipMagic(file: string): Promise<boolean> {
  const head: Buffer[] = [];
  for await (const chunk of createReadStream(file, { start: 0, end: 1 })) head.push(chunk as Buffer);
  return Buffer.concat(head).equals(GZIP_MAGIC);
}

/**
 * Reads a graph file, unzipping gzip as it streams, and stops with a clear ImportError as soon as more
 * than `maxBytes` would be held: a small .gz that inflates to gigabytes (a gzip bomb) costs at most
 * `maxBytes` of memory, never a raw engine error.
 */
export async function readGraphInput(file: string, maxBytes = DEFAULT_MAX_INPUT_BYTES): Promise<Uint8Array> {
  const source = path.basename(file);
  const chunks: Buffer[] = [];
  let gzip = false;
  try {
    gzip = await startsWithGzipMagic(file);
    const collect = async function* (input: AsyncIterable<Buffer>): AsyncGenerator<never> {
      for await (const chunk of input) chunks.push(chunk);
    };
    if (gzip) await pipeline(createReadStream(file), createGunzip(), new Cap(maxBytes), collect);
    else await pipeline(createReadStream(file), new Cap(maxBytes), collect);
  } catch (error) {
    chunks.length = 0;
    if (error instanceof InputTooLarge) {
      throw new ImportError(
        `holds more than ${megabytes(maxBytes)}${gzip ? ' once unzipped' : ''}, the most galaxy build reads; ` +
          'pass --max-input-mb to raise the limit',
        undefined,
        source,
      );
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (gzip && code?.startsWith('Z_')) throw new ImportError(`could not gunzip: ${(error as Error).message}`, undefined, source);
    throw new ImportError(`cannot read ${file}: ${code ?? (error as Error).message}`);
  }
  return Buffer.concat(chunks);
}
