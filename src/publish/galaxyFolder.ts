import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GalaxyIndex, GalaxyMeta, Manifest } from '../data/manifest';

export interface GalaxyVersionFiles {
  positions: Uint8Array;
  links: Uint8Array;
  labels: string;
}

/** Galaxy and version names become folder names and URL parts: keep them plain. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function checkName(kind: 'galaxy' | 'version', name: string): void {
  if (!SAFE_NAME.test(name) || name.includes('..')) {
    throw new Error(`${kind} name "${name}" may hold only letters, digits, ".", "_" and "-", and must start with a letter or digit`);
  }
}

/** A version name from the time of the build, like the published ones: 2026-11-22T12-30-00Z. */
export function timestampVersion(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

/** Writes `file` through a temporary file and a rename, so a reader never sees half of it. */
function writeAtomically(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

export function readManifest(root: string, name: string): Manifest | undefined {
  const file = path.join(root, name, 'manifest.json');
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
  if (!Array.isArray(parsed.all) || typeof parsed.last !== 'string') {
    throw new Error(`${file} is not a galaxy manifest (needs "all" and "last")`);
  }
  return parsed as Manifest;
}

/** The manifest after publishing `version`: appended to `all` (once), `last` moved, the rest kept. */
export function nextManifest(previous: Manifest | undefined, version: string, meta: GalaxyMeta | undefined): Manifest {
  const all = (previous?.all ?? []).filter((known) => known !== version);
  all.push(version);
  const mergedMeta = meta || previous?.meta ? { ...previous?.meta, ...meta } : undefined;
  const manifest: Manifest = { ...previous, all, last: version };
  if (mergedMeta && Object.keys(mergedMeta).length > 0) manifest.meta = mergedMeta;
  return manifest;
}

/** Adds `name` to the data root's galaxies.json (created when missing), keeping its order. */
export function addToIndex(root: string, name: string): void {
  const file = path.join(root, 'galaxies.json');
  let index: GalaxyIndex = { galaxies: [] };
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<GalaxyIndex>;
    if (Array.isArray(parsed.galaxies)) index = { ...parsed, galaxies: parsed.galaxies };
  }
  if (!index.galaxies.includes(name)) index.galaxies.push(name);
  writeAtomically(file, `${JSON.stringify(index, null, 2)}\n`);
}

/**
 * Publishes one version of a galaxy under `root/name/version/`: the files are written into a
 * hidden folder first and renamed into place, then manifest.json and galaxies.json are updated,
 * so a failure leaves no partial version and the versions already there untouched.
 */
export function writeGalaxyVersion(
  root: string,
  name: string,
  version: string,
  files: GalaxyVersionFiles,
  meta?: GalaxyMeta,
): Manifest {
  checkName('galaxy', name);
  checkName('version', version);
  const galaxyDir = path.join(root, name);
  const previous = readManifest(root, name);
  const finalDir = path.join(galaxyDir, version);
  if (existsSync(finalDir)) {
    throw new Error(`${finalDir} already exists; choose another --version or remove it first`);
  }
  mkdirSync(galaxyDir, { recursive: true });
  const staging = path.join(galaxyDir, `.${version}.partial-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  try {
    writeFileSync(path.join(staging, 'positions.bin'), files.positions);
    writeFileSync(path.join(staging, 'links.bin'), files.links);
    writeFileSync(path.join(staging, 'labels.json'), files.labels);
    renameSync(staging, finalDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const manifest = nextManifest(previous, version, meta);
  writeAtomically(path.join(galaxyDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  addToIndex(root, name);
  return manifest;
}

/**
 * Publishes one version whose files `write` puts into the given (hidden, staging) folder itself, for
 * files too big to hold in memory at once (generated galaxies); same guarantees as writeGalaxyVersion.
 */
export async function publishGalaxyVersion(
  root: string,
  name: string,
  version: string,
  write: (folder: string) => void | Promise<void>,
  meta?: GalaxyMeta,
): Promise<Manifest> {
  checkName('galaxy', name);
  checkName('version', version);
  const galaxyDir = path.join(root, name);
  const previous = readManifest(root, name);
  const finalDir = path.join(galaxyDir, version);
  if (existsSync(finalDir)) {
    throw new Error(`${finalDir} already exists; choose another --version or remove it first`);
  }
  mkdirSync(galaxyDir, { recursive: true });
  const staging = path.join(galaxyDir, `.${version}.partial-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  try {
    await write(staging);
    renameSync(staging, finalDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const manifest = nextManifest(previous, version, meta);
  writeAtomically(path.join(galaxyDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  addToIndex(root, name);
  return manifest;
}

/** Rewrites a galaxy's manifest.json through `change`, atomically, keeping every key it does not touch. */
export function updateManifest(galaxyDir: string, change: (manifest: Manifest) => Manifest): Manifest {
  const file = path.join(galaxyDir, 'manifest.json');
  const current = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const next = change(current);
  writeAtomically(file, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
