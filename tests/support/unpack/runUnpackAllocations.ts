import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UnpackAllocations } from './unpackAllocations';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Unpacks `files` with `unpacker` in a Node of its own (unpackAllocations.ts), whose typed arrays are
 * counted unless `counted` is false (counting slows every allocation, so times are read uncounted).
 */
export function runUnpackAllocations(unpacker: 'scratch' | 'fflate', files: string[], counted = true): UnpackAllocations {
  const count = counted ? ['--import', path.join(here, 'countTypedArrays.ts')] : [];
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', ...count, path.join(here, 'unpackAllocations.ts'), unpacker, ...files],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (result.status !== 0) throw new Error(`unpackAllocations ${unpacker} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as UnpackAllocations;
}
