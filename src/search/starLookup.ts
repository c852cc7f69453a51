import type { SearchedGalaxy } from './searchedGalaxy';

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A star by exact name or id, for commands such as `around` (docs/rules.md#search). A galaxy that
 * knows its names at once (a whole graph) answers; otherwise its names are searched for it.
 */
export async function resolveStar(
  galaxy: SearchedGalaxy,
  target: string | number,
  findMatches: (pattern: string) => Promise<Uint32Array>,
): Promise<number | undefined> {
  const { catalog } = galaxy;
  if (typeof target === 'number') return catalog.has(target) ? target : undefined;
  const byName = galaxy.starNamed(target) ?? (await findByName(target, galaxy, findMatches));
  if (byName !== undefined && byName >= 0) return byName;
  const asNumber = Number(target);
  return target.trim() !== '' && catalog.has(asNumber) ? asNumber : undefined;
}

async function findByName(
  name: string,
  galaxy: SearchedGalaxy,
  findMatches: (pattern: string) => Promise<Uint32Array>,
): Promise<number | undefined> {
  const ids = await findMatches(`^${escapeForPattern(name)}$`);
  // Matching ignores case; the exact spelling wins, as a whole graph's lookup does.
  return ids.find((id) => galaxy.catalog.labelOf(id) === name);
}
