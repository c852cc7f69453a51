import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type BuiltFile = Rolldown.RolldownOutput['output'][number];

const builds = new Map<boolean, Promise<BuiltFile[]>>();

/** The production build's files, written nowhere; `minify: false` keeps the module names readable (built once per choice). */
export function productionBuild({ minify }: { minify: boolean }): Promise<BuiltFile[]> {
  let built = builds.get(minify);
  if (!built) {
    built = build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent', build: { write: false, minify } }).then((output) =>
      ((Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[]).flatMap((o) => o.output),
    );
    builds.set(minify, built);
  }
  return built;
}

/** The text of a built file. */
export function textOf(file: BuiltFile): string {
  if (file.type === 'chunk') return file.code;
  return typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
}

/**
 * The chunks a page loads before any action: the entry chunk of `entryModule`, the chunks it imports
 * dynamically itself (the first stars' code and the viewer, src/boot.ts), and what these import
 * statically. What the viewer imports dynamically (a panel's action, a local galaxy's layout) is not among them.
 */
export function chunksOpenedWith(files: readonly BuiltFile[], entryModule: string): Rolldown.OutputChunk[] {
  const chunks = files.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith(entryModule)));
  if (!entry) throw new Error(`No entry chunk holds ${entryModule}`);
  const opened = new Set<Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || opened.has(chunk)) return;
    opened.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  visit(entry);
  for (const name of entry.dynamicImports) visit(byName.get(name));
  return [...opened];
}
