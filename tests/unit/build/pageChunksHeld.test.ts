import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunksOpenedWith, productionBuild, textOf } from './productionBuild';

// What the page holds for its code as long as it runs (docs/decisions.md, "Tiled npm's memory: the
// viewer's code as one-byte text, its top level left to the interpreter").

describe('the built scripts', () => {
  // The browser holds a script's text for as long as the page runs, in one byte a character only if
  // every character is ASCII: one typographic quote made the viewer's 0.55 MB chunk 1.1 MB.
  it('are ASCII only, so that the page holds their text at one byte a character', async () => {
    const files = await productionBuild({ minify: true });
    const scripts = files.filter((file) => file.fileName.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    const withOthers = scripts.flatMap((file) => {
      const text = textOf(file);
      const at = text.search(/[^\x00-\x7f]/);
      return at < 0 ? [] : [`${file.fileName}: …${text.slice(Math.max(0, at - 30), at + 10)}…`];
    });
    expect(withOthers).toEqual([]);
  }, 120_000);
});

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const OWN_CODE = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'MethodDefinition', 'PropertyDefinition', 'StaticBlock']);
/** A `for…of` over a literal list this long or shorter runs too few times to warm its code. */
const FEW_ITEMS = 8;

interface Node {
  type: string;
  start: number;
  right?: { type: string; elements?: unknown[] };
}

/** Loops of a chunk's top-level code (not inside any function of its own), bar a `for…of` over a short literal list, each as a line of its text. */
function topLevelLoops(code: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    const node = value as Partial<Node>;
    if (typeof node.type === 'string') {
      if (OWN_CODE.has(node.type)) return;
      const shortList = node.type === 'ForOfStatement' && node.right?.type === 'ArrayExpression' && (node.right.elements?.length ?? 0) <= FEW_ITEMS;
      if (LOOPS.has(node.type) && !shortList) found.push(code.slice(node.start ?? 0, (node.start ?? 0) + 80));
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'type' && typeof child === 'object') visit(child);
  };
  visit(parseAst(code));
  return found;
}

describe('the chunks a galaxy opens with', () => {
  // The bundler writes a chunk's modules into one top-level function. A loop there that runs
  // thousands of times (fflate builds its Huffman tables so) warms that whole function into
  // machine code: 0.2 MB for the viewer's chunk, held for as long as the page runs. Code with such
  // tables is imported where it is used (src/open/galaxyZip.ts by the save button).
  it('run no counted loop in their top-level code', async () => {
    const chunks = chunksOpenedWith(await productionBuild({ minify: true }), '/src/boot.ts');
    expect(chunks.some((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/main.tsx')))).toBe(true);
    const loops = chunks.flatMap((chunk) => topLevelLoops(chunk.code).map((loop) => `${chunk.fileName}: ${loop}`));
    expect(loops).toEqual([]);
  }, 120_000);
});

/** Code a galaxy runs only when the visitor asks for it, by where its modules are. */
const ON_ASKING = [
  // Home's cards and its graph import: another route.
  '/src/routes/HomeRoute.tsx',
  '/src/panels/HomeScreen.tsx',
  '/src/home/',
  // A galaxy of the visitor's own: its layout and its save.
  '/src/open/LocalGalaxyControls.tsx',
  '/src/layout/',
  '/src/open/galaxyZip.ts',
  'node_modules/fflate/',
  // A star's neighbours or the search results as a list.
  '/src/panels/StarListWindow.tsx',
  'node_modules/@tanstack/',
];

describe('the chunks a galaxy opens with', () => {
  // The page holds the text of every script it has run, and what each module's top level made, for
  // as long as it runs: code a galaxy runs only on the visitor's asking is imported when asked for.
  it('hold no code that runs only when the visitor asks: Home, a local galaxy\'s controls and layout, the list windows', async () => {
    const chunks = chunksOpenedWith(await productionBuild({ minify: true }), '/src/boot.ts');
    const held = chunks.flatMap((chunk) => chunk.moduleIds);
    expect(held.some((id) => id.endsWith('/src/routes/GalaxyRoute.tsx'))).toBe(true);
    expect(held.filter((id) => ON_ASKING.some((part) => id.includes(part)))).toEqual([]);
  }, 120_000);
});
