import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { SyntheticGalaxy } from './syntheticGalaxy';

const CHUNK_BYTES = 1 << 20;

/** Writes int32 little-endian values through one reused 1 MB buffer. */
class Int32FileWriter {
  private readonly fd: number;
  private readonly buffer = Buffer.alloc(CHUNK_BYTES);
  private used = 0;
  written = 0;

  constructor(file: string) {
    this.fd = openSync(file, 'w');
  }

  push(value: number): void {
    if (this.used === CHUNK_BYTES) this.flush();
    this.buffer.writeInt32LE(value, this.used);
    this.used += 4;
    this.written++;
  }

  flush(): void {
    if (this.used > 0) writeSync(this.fd, this.buffer, 0, this.used);
    this.used = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** Writes text in pieces of about 1 MB. */
class TextFileWriter {
  private readonly fd: number;
  private parts: string[] = [];
  private length = 0;

  constructor(file: string) {
    this.fd = openSync(file, 'w');
  }

  push(text: string): void {
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= CHUNK_BYTES) this.flush();
  }

  flush(): void {
    if (this.parts.length > 0) writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.length = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** The classic three files of a synthetic galaxy in `folder`; returns the number of links written. */
export function writeSyntheticGalaxy(galaxy: SyntheticGalaxy, folder: string): { links: number } {
  const positions = new Int32FileWriter(path.join(folder, 'positions.bin'));
  for (let i = 0; i < galaxy.positions.length; i++) positions.push(galaxy.positions[i]);
  positions.close();

  const links = new Int32FileWriter(path.join(folder, 'links.bin'));
  let linkCount = 0;
  galaxy.forEachOutList((source, targets, count) => {
    links.push(-(source + 1));
    for (let k = 0; k < count; k++) links.push(targets[k] + 1);
    linkCount += count;
  });
  links.close();

  const labels = new TextFileWriter(path.join(folder, 'labels.json'));
  labels.push('[');
  galaxy.forEachName((id, name) => labels.push(id === 0 ? JSON.stringify(name) : `,${JSON.stringify(name)}`));
  labels.push(']');
  labels.close();
  return { links: linkCount };
}
