import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository's root directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Files under a repository folder whose names match (scripts by default; declaration files left out), as repository paths. */
export function filesUnder(dir: string, names = /\.(ts|tsx|mjs|js)$/): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(repoRoot, dir))) {
    const rel = path.posix.join(dir, entry);
    if (statSync(path.join(repoRoot, rel)).isDirectory()) out.push(...filesUnder(rel, names));
    else if (names.test(entry) && !entry.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/** What a file imports (static, dynamic and re-exports, `import type` included), as written. */
export function importsOf(file: string): string[] {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const specifiers = new Set<string>();
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g)) specifiers.add(match[1]);
  for (const match of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) specifiers.add(match[1]);
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.add(match[1]);
  return [...specifiers];
}

/** The repository path a relative import points to, as written (no extension added). */
export function resolved(file: string, specifier: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/** The repository file a relative import loads (extension or index found), or undefined for a package or a missing file. */
export function importedFile(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolved(file, specifier.replace(/\?[a-z]+$/, ''));
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find((candidate) => existsSync(path.join(repoRoot, candidate)) && statSync(path.join(repoRoot, candidate)).isFile());
}
