import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/glossary.md: one word per concept. The words the glossary retired must not come back into
 * src/, shaders/, tests/ or stories/ (this file excepted, since it names them).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const self = path.posix.relative(root, import.meta.filename.split(path.sep).join('/'));

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir))) {
    const rel = path.posix.join(dir, entry);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...filesUnder(rel));
    else if (/\.(ts|tsx|mjs|wgsl|vert|frag|glsl)$/.test(entry)) out.push(rel);
  }
  return out;
}

const files = ['src', 'shaders', 'tests', 'stories'].flatMap(filesUnder).filter((file) => file !== self);

interface RetiredWord {
  word: RegExp;
  now: string;
  /** Where the old word is still right: developer error texts the rules fix word for word. */
  allowedIn?: RegExp;
  /** Limit the check to these files. */
  within?: RegExp;
}

const RETIRED: RetiredWord[] = [
  { word: /particle/i, now: 'star (StarAttributes)', allowedIn: /'Each particle is expected to have three coordinates'|'hit-test cannot work without particle view'/ },
  { word: /ViewConfig/i, now: 'address view (AddressView, addressViewAtom)' },
  { word: /GalaxyView/i, now: 'scene (Scene, sceneAtom)' },
  { word: /\bstruct Run\b|array<Run>|\bRUN_WORDS\b/, now: 'span (Span, one workgroup\'s share of a run)' },
  { word: /\binterface Runs\b|: Runs\b/, now: 'runs (VisibleRuns, StageRuns)' },
  { word: /memory budget/i, now: "holding budget (what a tiled galaxy keeps, src/tiles/planner/holdingBudget.ts); memory budget is the import's ?memory= alone", within: /^src\/(tiles|stars|state|routes)\// },
  {
    word: /\b(selectedNodeAtom|presentNode|PresentedNode|placeholderNode|NodeDetails|NodeListWindows?|NodeListRow|focusNode|resolveNode|selectedNode|nodeLink|nodeIcon)\b|\bnode-details|\bnode-list-window/,
    now: 'star: the id the UI holds (selectedStarAtom, presentStar, PresentedStar, StarDetails, StarListWindow, focusStar, starPage)',
  },
  { word: /\bnodeId\b/, now: 'starId (DegreeWindowState.starId)', within: /^src\/(state|routes|panels|search|controls)\// },
  { word: /\b(nodeCount|totalStars)\b/, now: 'starCount (StarCatalog, StarSource, StarCounts, the stats lines); a graph keeps nodeCount', within: /^src\/(stars|scene|routes|panels|state|search|labels)\// },
  { word: /\bStarLinkSettings\b/, now: 'LinkSettings (src/stars/starSource.ts), one for the scene and the star sources' },
  { word: /\bTiledSearchProgress\b/, now: 'SearchProgress (src/search/starSearch.ts), one for the tiled search and the search box' },
  { word: /chunk/i, now: 'cell (a box of stars drawn as a whole); chunk is a piece of a byte stream only', within: /^(src\/(renderer|scene|picking|labels|tiles\/(stream|planner|format))|shaders)\// },
];

function offences({ word, allowedIn, within }: RetiredWord): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (within && !within.test(file)) continue;
    readFileSync(path.join(root, file), 'utf8').split('\n').forEach((line, i) => {
      if (!word.test(line)) return;
      if (allowedIn && word.test(line.replace(new RegExp(allowedIn.source, 'g'), ''))) found.push(`${file}:${i + 1}: ${line.trim()}`);
      else if (!allowedIn) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('retired words (docs/glossary.md)', () => {
  it('scans the code', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.endsWith('.wgsl'))).toBe(true);
  });

  for (const retired of RETIRED) {
    it(`${retired.word} is now ${retired.now}`, () => {
      expect(offences(retired)).toEqual([]);
    });
  }

  it('catches an old word (the check itself)', () => {
    const probe = { word: /GalaxyView/, now: 'scene' };
    expect(files.some((file) => readFileSync(path.join(root, file), 'utf8').includes('Scene'))).toBe(true);
    expect(offences({ ...probe, word: /\bScene\b/ }).length).toBeGreaterThan(0);
  });
});
