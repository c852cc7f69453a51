import { realpath } from 'node:fs/promises';
import path from 'node:path';

function isInside(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`);
}

/**
 * The real path (every symbolic link resolved) of `relative` under `root`, or undefined when it does
 * not exist or when it, or its real path, lies outside the real path of `root`. Links whose target
 * stays inside the root are followed (e.g. a `latest` folder linking to a version); links that lead
 * out of it are treated as missing, so a request can never read a file outside the root.
 */
export async function fileInsideRoot(root: string, relative: string): Promise<string | undefined> {
  if (relative.includes('\0')) return undefined;
  const lexical = path.resolve(root, relative);
  if (!isInside(path.resolve(root), lexical)) return undefined;
  let realRoot: string;
  let real: string;
  try {
    realRoot = await realpath(root);
    real = await realpath(lexical);
  } catch {
    return undefined;
  }
  return isInside(realRoot, real) ? real : undefined;
}

/** True when `relative`, read as a path under a root, climbs out of it with dot segments (a hostile request). */
export function climbsOutOfRoot(relative: string): boolean {
  const root = path.resolve(path.sep, 'root');
  return !isInside(root, path.resolve(root, relative));
}
