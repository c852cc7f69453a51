import { formatCount } from './formatCount';
import { ecosystemFamily } from './kind';

/** How many of a constellation's most depended-on stars its name shows. */
export const NAMED_STARS = 2;

/** What a constellation's stars are called in its name, by ecosystem (docs/rules.md#ecosystems). */
function starWord(kind: string, count: number): string {
  const one = count === 1;
  if (kind.toLowerCase() === 'internet') return one ? 'network' : 'networks';
  const family = ecosystemFamily(kind);
  if (family === 'package') return one ? 'package' : 'packages';
  if (family === 'github') return one ? 'account' : 'accounts';
  return one ? 'star' : 'stars';
}

/**
 * docs/rules.md#ecosystems: a constellation is named after its most depended-on stars (highest
 * in-degree first; for the internet galaxy its biggest AS numbers), then its size:
 * "react · react-dom · 12,345 packages". Plain text, never markup.
 */
export function constellationName(kind: string, topStarNames: readonly string[], stars: number): string {
  const named = topStarNames.slice(0, NAMED_STARS).filter((name) => name.length > 0);
  return [...named, `${formatCount(stars)} ${starWord(kind, stars)}`].join(' · ');
}

/** A constellation's size in the ecosystem's words: "12,345 packages", "1 account". */
export function constellationSizeText(kind: string, stars: number): string {
  return `${formatCount(stars)} ${starWord(kind, stars)}`;
}

/**
 * A name without the size it ends with ("react · react-dom · 12,345 packages" of 12,345 stars reads
 * "react · react-dom"), for a list that shows the size apart; a name that does not end so is kept.
 */
export function nameWithoutSize(name: string, sizeText: string): string {
  const suffix = ` · ${sizeText}`;
  return name.endsWith(suffix) && name.length > suffix.length ? name.slice(0, -suffix.length) : name;
}

/** The name of the community holding every star without links. */
export function unlinkedConstellationName(kind: string, stars: number): string {
  return `Unlinked · ${formatCount(stars)} ${starWord(kind, stars)}`;
}

/** The name of the top level's gathering of parts too small to be constellations of their own. */
export function gatheredConstellationName(kind: string, parts: number, stars: number): string {
  return `${formatCount(parts)} small groups · ${formatCount(stars)} ${starWord(kind, stars)}`;
}
