import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { folderNameProblem, MAX_NAME_LENGTH } from '../data/folderName';
import { type GalaxyIndex, type GalaxyMeta, type Manifest, galaxyNamesFromJson, ManifestFormatError, parseManifestText } from '../data/manifest';

export interface GalaxyVersionFiles {
  positions: Uint8Array;
  links: Uint8Array;
  labels: string;
}

const OPTION_OF = { galaxy: '--name', version: '--version-name' } as const;

export function checkName(kind: 'galaxy' | 'version', name: string): void {
  const option = OPTION_OF[kind];
  const problem = folderNameProblem(name);
  if (problem === 'too long') {
    throw new Error(`${kind} name (${option}) is ${name.length} characters long; at most ${MAX_NAME_LENGTH} are allowed`);
  }
  if (problem) {
    throw new Error(
      `${kind} name (${option}) "${name}" may hold only letters, digits, ".", "_" and "-", and must start with a letter or digit`,
    );
  }
}

export { timestampVersion } from './versionName';

/** Writes `file` through a temporary file and a rename, so a reader never sees half of it. */
function writeAtomically(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** A data root file that cannot be used as it is; the message names the file and says nothing was changed. */
export class DataRootError extends Error {}

function readJson(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new DataRootError(`${file} is not valid JSON (${(error as Error).message}); fix or remove it, nothing was changed`);
  }
}

export function readManifest(root: string, name: string): Manifest | undefined {
  const file = path.join(root, name, 'manifest.json');
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  let manifest: Manifest;
  try {
    manifest = parseManifestText(text);
  } catch (error) {
    if (error instanceof ManifestFormatError) {
      throw new DataRootError(`${file} is not a galaxy manifest: it ${error.reason}; fix or remove it, nothing was changed`);
    }
    throw error;
  }
  // Keys this reader does not know (another tool's, a newer format's) are written back as they were.
  const raw = JSON.parse(text) as Record<string, unknown>;
  // Publishing rewrites `all`: one that is not a list of versions would lose what it held.
  if (!Array.isArray(raw.all) || !raw.all.every((version) => typeof version === 'string')) {
    throw new DataRootError(`${file} is not a galaxy manifest (needs "all", a list of versions); fix or remove it, nothing was changed`);
  }
  const rawMeta = typeof raw.meta === 'object' && raw.meta !== null ? raw.meta : undefined;
  return { ...raw, ...manifest, ...(manifest.meta || rawMeta ? { meta: { ...rawMeta, ...manifest.meta } } : {}) };
}

/** The galaxy folders already in a data root (those holding a manifest.json), sorted. */
function galaxyFoldersIn(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && existsSync(path.join(root, entry.name, 'manifest.json')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The data root's galaxies.json; when there is none, an index of the galaxy folders already there,
 * so that publishing one more galaxy does not hide the others.
 */
export function readIndex(root: string): GalaxyIndex {
  const file = path.join(root, 'galaxies.json');
  if (!existsSync(file)) return { galaxies: galaxyFoldersIn(root) };
  const parsed = readJson(file);
  const galaxies = galaxyNamesFromJson(parsed);
  if (!galaxies) throw new DataRootError(`${file} is not a galaxy index (needs "galaxies", a list of names); nothing was changed`);
  return { ...(parsed as object), galaxies };
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

/** Everything publishing one version will write besides the version's own files, checked up front. */
export interface PublishPlan {
  root: string;
  name: string;
  version: string;
  previousManifest: Manifest | undefined;
  manifest: Manifest;
  index: GalaxyIndex;
  indexChanges: boolean;
}

/**
 * Checks names, the version folder, manifest.json and galaxies.json before any work, so that a build
 * that would fail to publish fails before its layout runs, with the file named.
 */
export function planPublish(root: string, name: string, version: string, meta?: GalaxyMeta): PublishPlan {
  checkName('galaxy', name);
  checkName('version', version);
  const finalDir = path.join(root, name, version);
  if (existsSync(finalDir)) {
    throw new DataRootError(`${finalDir} already exists; choose another --version-name or remove it first`);
  }
  const previousManifest = readManifest(root, name);
  const index = readIndex(root);
  const indexChanges = !index.galaxies.includes(name) || !existsSync(path.join(root, 'galaxies.json'));
  if (!index.galaxies.includes(name)) index.galaxies.push(name);
  return { root, name, version, previousManifest, manifest: nextManifest(previousManifest, version, meta), index, indexChanges };
}

/** Adds `name` to the data root's galaxies.json (created from the galaxy folders there when missing). */
export function addToIndex(root: string, name: string): void {
  const index = readIndex(root);
  if (!index.galaxies.includes(name)) index.galaxies.push(name);
  writeAtomically(path.join(root, 'galaxies.json'), `${JSON.stringify(index, null, 2)}\n`);
}

/**
 * Publishes one version of a galaxy under `root/name/version/`: everything is checked first
 * (planPublish), the files are written into a hidden folder and renamed into place, then
 * manifest.json and galaxies.json are replaced atomically. A failure on the way undoes what was
 * done, so the root is never left half updated and the versions already there stay untouched.
 */
export function writeGalaxyVersion(
  root: string,
  name: string,
  version: string,
  files: GalaxyVersionFiles,
  meta?: GalaxyMeta,
): Manifest {
  const plan = planPublish(root, name, version, meta);
  const galaxyDir = path.join(root, name);
  const finalDir = path.join(galaxyDir, version);
  const manifestFile = path.join(galaxyDir, 'manifest.json');
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
  try {
    writeAtomically(manifestFile, `${JSON.stringify(plan.manifest, null, 2)}\n`);
    if (plan.indexChanges) writeAtomically(path.join(root, 'galaxies.json'), `${JSON.stringify(plan.index, null, 2)}\n`);
  } catch (error) {
    rmSync(finalDir, { recursive: true, force: true });
    if (plan.previousManifest) writeAtomically(manifestFile, `${JSON.stringify(plan.previousManifest, null, 2)}\n`);
    else rmSync(manifestFile, { force: true });
    throw error;
  }
  return plan.manifest;
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
