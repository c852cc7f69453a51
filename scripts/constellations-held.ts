// What a galaxy's constellations cost the viewer to hold, as communities.json parsed (what the viewer
// held before issue 25's columns) and as Constellations' typed columns (what it holds now):
// `node --expose-gc --import tsx scripts/constellations-held.ts <communities.json> [copies]`.
// Counts the JS objects, arrays and typed arrays each holds (a walk of what it reaches) and the
// bytes by heap and array buffers before and after holding `copies` of each, less one empty run.
import { readFileSync } from 'node:fs';
import { parseCommunitiesJson } from '../src/communities/format';
import { Constellations } from '../src/constellations/constellations';

const file = process.argv[2];
const copies = Number(process.argv[3] ?? 20);
if (!file) throw new Error('Usage: node --expose-gc --import tsx scripts/constellations-held.ts <communities.json> [copies]');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const text = readFileSync(file, 'utf8');

interface Reached {
  objects: number;
  arrays: number;
  typedArrays: number;
  strings: number;
  typedBytes: number;
}

function reach(root: unknown): Reached {
  const seen = new Set<unknown>();
  const counts: Reached = { objects: 0, arrays: 0, typedArrays: 0, strings: 0, typedBytes: 0 };
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') counts.strings++;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      counts.typedArrays++;
      counts.typedBytes += value.byteLength;
    } else if (Array.isArray(value)) {
      counts.arrays++;
      stack.push(...(value as unknown[]));
    } else {
      counts.objects++;
      stack.push(...Object.values(value));
    }
  }
  return counts;
}

function bytesHeld(make: () => unknown): { heap: number; arrayBuffers: number } {
  gc!();
  gc!();
  const before = process.memoryUsage();
  const held = Array.from({ length: copies }, make);
  gc!();
  gc!();
  const after = process.memoryUsage();
  const figures = { heap: (after.heapUsed - before.heapUsed) / copies, arrayBuffers: (after.arrayBuffers - before.arrayBuffers) / copies };
  if (held.length !== copies) throw new Error('unreachable');
  return figures;
}

const parsed = parseCommunitiesJson(text);
const levels = parsed.levels.map((level) => level.count);
const asJson = () => parseCommunitiesJson(text);
const asColumns = () => new Constellations(parseCommunitiesJson(text));
// Alternated, twice each: the second pair is the figure (the first warms the code up).
const runs = [bytesHeld(asJson), bytesHeld(asColumns), bytesHeld(asJson), bytesHeld(asColumns)];
const round = (figures: { heap: number; arrayBuffers: number }) => ({ heap: Math.round(figures.heap), arrayBuffers: Math.round(figures.arrayBuffers), total: Math.round(figures.heap + figures.arrayBuffers) });
console.log(
  JSON.stringify(
    {
      file,
      communities: levels.reduce((a, b) => a + b, 0),
      levels,
      copies,
      json: { reached: reach(parsed), bytes: round(runs[2]) },
      columns: { reached: reach(new Constellations(parsed)), bytes: round(runs[3]) },
    },
    null,
    2,
  ),
);
