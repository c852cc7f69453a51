import { describe, expect, it } from 'vitest';
import { filesUnder, importedFile, importsOf } from '../../support/sourceImports';

const sources = filesUnder('src');

/**
 * Which files of src/ each file imports, `import type` and `import('…')` included: a circle of types
 * still ties two modules into one, so that neither can be read, moved or tested without the other.
 */
const importGraph = new Map(
  sources.map((file) => [
    file,
    importsOf(file)
      .map((specifier) => importedFile(file, specifier))
      .filter((target): target is string => target !== undefined && target.startsWith('src/')),
  ]),
);

/** Groups of files that reach each other through imports (Tarjan's strongly connected components), each of two or more files or one that imports itself. */
function circularGroups(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return groups;
}

/** The shortest circle from a group's first file back to it, staying in the group, as `a -> b -> a`. */
function circleThrough(group: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string {
  const start = group[0];
  const members = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = file; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start].join(' -> ');
      }
      if (!cameFrom.has(next) && next !== start) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return group.join(' <-> ');
}

describe('the import graph of src/', () => {
  it('has no circles (type-only imports included)', () => {
    const circles = circularGroups(importGraph).map((group) => circleThrough(group, importGraph));
    expect(circles).toEqual([]);
  });

  it('keeps drawing apart from streaming: nothing in src/labels/, src/picking/ or src/renderer/ imports from src/tiles/stream/', () => {
    const wrong = [...importGraph]
      .filter(([file]) => /^src\/(labels|picking|renderer)\//.test(file))
      .flatMap(([file, targets]) => targets.filter((target) => target.startsWith('src/tiles/stream/')).map((target) => `${file} -> ${target}`));
    expect(wrong).toEqual([]);
  });
});
