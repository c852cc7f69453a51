import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, repoRoot } from '../../support/sourceImports';

/**
 * One star source (src/stars/starSource.ts): the scene, the renderer, names, picking, the route and
 * the scene sync draw and show every galaxy one way, and search and the console's commands search it
 * one way (src/search/searchedGalaxy.ts). Which shape a galaxy has (whole, streamed or
 * tiled) is asked only in src/tiles/ and by the whole-galaxy source (src/stars/shownGalaxy.ts).
 */
const ONE_WAY = ['src/scene/', 'src/renderer/', 'src/labels/', 'src/picking/', 'src/routes/', 'src/state/view/', 'src/stars/', 'src/search/', 'src/state/search/'];
/** The whole-galaxy source, and a tiled galaxy's own search (an implementation, as src/tiles/ is): the search box asks neither's shape. */
const ASKS_THE_SHAPE = new Set(['src/stars/shownGalaxy.ts', 'src/search/tiledStarSearch.ts']);

/** Words that name a galaxy's shape in code: its atoms, its types, a `tiled` flag or test. */
const SHAPE_WORDS = /\b(\w*[Tt]iled\w*|streamedGalaxyAtom|graphAtom|StreamedGalaxy|StreamedCatalog)\b/g;

function codeOf(file: string): string {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

const sources = filesUnder('src').filter((file) => ONE_WAY.some((folder) => file.startsWith(folder)) && !ASKS_THE_SHAPE.has(file));

describe('one star source', () => {
  it('nothing on the way from the state to the pixels asks which shape a galaxy has', () => {
    const asking = sources.flatMap((file) => [...new Set([...codeOf(file).matchAll(SHAPE_WORDS)].map(([word]) => word))].map((word) => `${file}: ${word}`));
    expect(asking).toEqual([]);
  });

  it('the scene holds one star source, and the renderer takes stars with their cells, one way', () => {
    expect(codeOf('src/scene/galaxyScene.ts')).toMatch(/private stars: StarSource \| undefined;/);
    expect(codeOf('src/renderer/types.ts')).toMatch(/setStars\(positions: Float32Array, colors: Uint8Array, sizes: Float32Array, cells: StarCells\): void;/);
  });
});
