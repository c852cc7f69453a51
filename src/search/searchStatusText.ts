import { formatCount } from '../ecosystems/formatCount';

/** docs/rules.md#search: the search results' count line. */
export function matchesCountText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'match' : 'matches'}`;
}

/** docs/rules.md#search: the line under the box while a search streams over name shards. */
export function searchProgressText(searchedNames: number, totalNames: number): string {
  return `Searched ${formatCount(searchedNames)} of ${formatCount(totalNames)} names`;
}
