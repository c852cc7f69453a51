/**
 * Run in a fresh process (node --import tsx tests/support/gunzipPeak.ts <megabytes> <limit MB>): makes a
 * one-member gzip of that many megabytes of zeros, streamed so that making it costs no memory, then
 * gunzips it with the limit, and prints the error and how much the process's peak memory rose.
 */
import { createGzip } from 'node:zlib';
import { gunzip } from '../../src/importers/gunzip';

const [megabytes, limitMegabytes] = process.argv.slice(2).map(Number);
const gzip = createGzip({ level: 9 });
const packed: Buffer[] = [];
gzip.on('data', (chunk: Buffer) => packed.push(chunk));
const zeros = Buffer.alloc(1 << 20);
for (let i = 0; i < megabytes; i++) if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
await new Promise((resolve) => gzip.end(resolve));
const bomb = new Uint8Array(Buffer.concat(packed));

const peakBefore = process.resourceUsage().maxRSS;
let message = '';
try {
  gunzip(bomb, limitMegabytes << 20);
} catch (error) {
  message = (error as Error).message;
}
const riseMegabytes = Math.round((process.resourceUsage().maxRSS - peakBefore) / 1024);
process.stdout.write(JSON.stringify({ message, riseMegabytes }));
