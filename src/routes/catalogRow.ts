import type { StarCatalog } from '../data/starCatalog';
import { degreeKindName, type DegreeValue } from '../ecosystems/degreeLabels';
import { formatDegree } from '../ecosystems/formatCount';
import { presentStar } from '../ecosystems/presentStar';
import type { StarListRow } from '../panels';
import type { DegreeWindowState } from '../state/windows/atoms';

/**
 * A row of a node list, built only when the virtual list shows it, so a tiled galaxy is asked only
 * for the names and degrees on screen; what has not arrived shows as the placeholder.
 */
export function rowOf(catalog: StarCatalog, kind: string, id: number): StarListRow {
  const star = presentStar(kind, catalog, id);
  const row: StarListRow = { id, name: star.name, in: star.inDegree, out: star.outDegree };
  if (star.icon) row.icon = star.icon;
  if (star.pending) row.pending = true;
  return row;
}

/** docs/rules.md#panels: '{name} has {count} {degree kind}', the count '?' until the star's degrees are in. */
export function degreeWindowTitle(catalog: StarCatalog, kind: string, { starId, direction }: DegreeWindowState, listed: number | undefined): string {
  const count: DegreeValue = listed ?? (direction === 'in' ? catalog.inDegreeOf(starId) : catalog.outDegreeOf(starId)) ?? '?';
  return `${catalog.labelOf(starId) ?? String(starId)} has ${formatDegree(count)} ${degreeKindName(kind, direction, count)}`;
}
