import { isTiledGalaxy } from '../data/tiledCatalog';
import type { SearchableGalaxy } from './starSearchFor';

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A star by exact name or id, for commands such as `around` (docs/rules.md#search). A whole graph
 * looks the name up at once; a tiled galaxy searches its name shards for it.
 */
export async function resolveStar(
  galaxy: SearchableGalaxy,
  target: string | number,
  findMatches: (pattern: string) => Promise<Uint32Array>,
): Promise<number | undefined> {
  if (typeof target === 'number') return galaxy.has(target) ? target : undefined;
  const byName = isTiledGalaxy(galaxy) ? await findByName(target, galaxy, findMatches) : galaxy.findByName(target);
  if (byName !== undefined && byName >= 0) return byName;
  const asNumber = Number(target);
  return target.trim() !== '' && galaxy.has(asNumber) ? asNumber : undefined;
}

async function findByName(
  name: string,
  galaxy: SearchableGalaxy,
  findMatches: (pattern: string) => Promise<Uint32Array>,
): Promise<number | undefined> {
  const ids = await findMatches(`^${escapeForPattern(name)}$`);
  // Matching ignores case; the exact spelling wins, as a whole graph's lookup does.
  return ids.find((id) => galaxy.labelOf(id) === name);
}

/** Where a star is in the world (scale applied); a tiled galaxy fetches its tile first. */
export async function locateStar(galaxy: SearchableGalaxy, id: number): Promise<[number, number, number] | undefined> {
  if (isTiledGalaxy(galaxy)) return galaxy.stars.locate(id);
  return galaxy.has(id) ? galaxy.position(id) : undefined;
}
