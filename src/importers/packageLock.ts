import { GraphBuilder } from './graphBuilder';
import { isRecord, parseJson } from './json';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';

interface LockedPackage {
  path: string;
  name: string;
  version: string;
  /** Dependency names this package needs; `required` false for optional and peer ones. */
  wants: { name: string; required: boolean }[];
  link?: string;
}

const REQUIRED_FIELDS = ['dependencies'];
const OPTIONAL_FIELDS = ['optionalDependencies', 'peerDependencies'];

function nameFromPath(path: string): string {
  const at = path.lastIndexOf('node_modules/');
  return at === -1 ? path : path.slice(at + 'node_modules/'.length);
}

function dependencyNames(entry: Record<string, unknown>, fields: string[]): string[] {
  return fields.flatMap((field) => (isRecord(entry[field]) ? Object.keys(entry[field]) : []));
}

/** lockfileVersion 2 and 3: a flat "packages" map keyed by install path. */
function readPackages(packages: Record<string, unknown>): LockedPackage[] {
  return Object.entries(packages).map(([path, raw]) => {
    const entry = isRecord(raw) ? raw : {};
    const name = typeof entry.name === 'string' && path !== '' && !path.includes('node_modules/')
      ? entry.name
      : path === ''
        ? (typeof entry.name === 'string' ? entry.name : 'root')
        : nameFromPath(path);
    const required = dependencyNames(entry, path === '' ? [...REQUIRED_FIELDS, 'devDependencies'] : REQUIRED_FIELDS);
    return {
      path,
      name,
      version: typeof entry.version === 'string' ? entry.version : '',
      wants: [
        ...required.map((dep) => ({ name: dep, required: true })),
        ...dependencyNames(entry, OPTIONAL_FIELDS).map((dep) => ({ name: dep, required: false })),
      ],
      link: entry.link === true && typeof entry.resolved === 'string' ? entry.resolved : undefined,
    };
  });
}

/** lockfileVersion 1: nested "dependencies" with "requires"; turned into install paths like v2. */
function readLegacyDependencies(root: Record<string, unknown>): LockedPackage[] {
  const result: LockedPackage[] = [
    {
      path: '',
      name: typeof root.name === 'string' ? root.name : 'root',
      version: typeof root.version === 'string' ? root.version : '',
      wants: isRecord(root.dependencies) ? Object.keys(root.dependencies).map((name) => ({ name, required: true })) : [],
    },
  ];
  const walk = (dependencies: Record<string, unknown>, prefix: string): void => {
    for (const [name, raw] of Object.entries(dependencies)) {
      const entry = isRecord(raw) ? raw : {};
      const path = `${prefix}node_modules/${name}`;
      result.push({
        path,
        name,
        version: typeof entry.version === 'string' ? entry.version : '',
        wants: isRecord(entry.requires) ? Object.keys(entry.requires).map((dep) => ({ name: dep, required: true })) : [],
      });
      if (isRecord(entry.dependencies)) walk(entry.dependencies, `${path}/`);
    }
  };
  if (isRecord(root.dependencies)) walk(root.dependencies, '');
  return result;
}

/** Node's module resolution: look in <path>/node_modules, then in each enclosing node_modules. */
function resolvePath(fromPath: string, dependency: string, paths: Set<string>): string | undefined {
  let base = fromPath;
  for (;;) {
    const candidate = base === '' ? `node_modules/${dependency}` : `${base}/node_modules/${dependency}`;
    if (paths.has(candidate)) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * An npm package-lock.json as the dependency graph of a project: one node per installed package
 * (named "name", or "name@version" when several versions are installed), a link from each package
 * to each dependency it resolves to. The root project also links to its dev dependencies.
 */
export function importPackageLock(text: string, options: ImportOptions = {}): ImportedGraph {
  const doc = parseJson(text, options.source);
  if (!isRecord(doc) || (doc.lockfileVersion === undefined && !isRecord(doc.packages))) {
    throw new ImportError('not an npm package-lock.json (no "lockfileVersion")', 1, options.source);
  }
  const packages = isRecord(doc.packages) ? readPackages(doc.packages) : readLegacyDependencies(doc);
  const byPath = new Map(packages.map((pkg) => [pkg.path, pkg]));
  const versionsByName = new Map<string, Set<string>>();
  for (const pkg of packages) {
    if (!versionsByName.has(pkg.name)) versionsByName.set(pkg.name, new Set());
    versionsByName.get(pkg.name)?.add(pkg.version);
  }
  const label = (pkg: LockedPackage): string =>
    (versionsByName.get(pkg.name)?.size ?? 1) > 1 && pkg.version ? `${pkg.name}@${pkg.version}` : pkg.name;
  const target = (pkg: LockedPackage): LockedPackage => (pkg.link && byPath.get(pkg.link)) || pkg;

  const builder = new GraphBuilder();
  const paths = new Set(byPath.keys());
  let unresolved = 0;
  for (const pkg of packages) {
    if (pkg.link) continue;
    builder.node(pkg.path, label(pkg));
  }
  for (const pkg of packages) {
    if (pkg.link) continue;
    for (const want of pkg.wants) {
      const resolved = resolvePath(pkg.path, want.name, paths);
      const dep = resolved === undefined ? undefined : byPath.get(resolved);
      if (!dep) {
        if (want.required) unresolved++;
        continue;
      }
      const installed = target(dep);
      builder.edge(pkg.path, installed.path);
    }
  }
  if (unresolved > 0) builder.notes.push(`${unresolved} dependencies are not installed in this lockfile and were skipped`);
  return builder.build('package-lock');
}
