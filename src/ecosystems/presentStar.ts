import type { NodeInfo } from '../data/graph';
import type { StarCatalog } from '../data/starCatalog';
import { type DegreeValue, degreeLabel } from './degreeLabels';
import { starIcon, starPage } from './registryLinks';

/** docs/rules.md#ecosystems: node info as the panels show it. */
export interface PresentedStar {
  id: number;
  name: string;
  inDegree: DegreeValue;
  outDegree: DegreeValue;
  inDegreeLabel: string;
  outDegreeLabel: string;
  /** Avatar address (github only). */
  icon?: string;
  /** The node's page on its registry, when the ecosystem has one. */
  link?: string;
  /** Its name or a degree has not arrived yet: the placeholder stands in for it (docs/rules.md#panels). */
  pending?: boolean;
}

/** Presents a loaded node with its ecosystem's labels, link and icon. */
export function presentStarInfo(kind: string, info: NodeInfo): PresentedStar {
  return present(kind, info.id, info.name, info.in, info.out);
}

/** docs/rules.md#ecosystems: while no graph is loaded the name is the requested id and degrees read '?'. */
export function placeholderStar(kind: string, requestedId: number | string): PresentedStar {
  const id = typeof requestedId === 'number' ? requestedId : Number.parseInt(requestedId, 10);
  return present(kind, Number.isFinite(id) ? id : -1, String(requestedId), '?', '?');
}

/**
 * A star as a catalog answers it now: what has arrived, the placeholder for the rest (its id for
 * the name, '?' for a degree), marked pending until all of it is in.
 */
export function presentStar(kind: string, catalog: StarCatalog, id: number): PresentedStar {
  const name = catalog.labelOf(id);
  const inDegree = catalog.inDegreeOf(id);
  const outDegree = catalog.outDegreeOf(id);
  const presented = present(kind, id, name ?? String(id), inDegree ?? '?', outDegree ?? '?', name !== undefined);
  if (name === undefined || inDegree === undefined || outDegree === undefined) presented.pending = true;
  return presented;
}

function present(
  kind: string,
  id: number,
  name: string,
  inDegree: DegreeValue,
  outDegree: DegreeValue,
  named = true,
): PresentedStar {
  const presented: PresentedStar = {
    id,
    name,
    inDegree,
    outDegree,
    inDegreeLabel: degreeLabel(kind, 'in', inDegree),
    outDegreeLabel: degreeLabel(kind, 'out', outDegree),
  };
  if (!named) return presented;
  const icon = starIcon(kind, name);
  if (icon) presented.icon = icon;
  const link = starPage(kind, name);
  if (link) presented.link = link;
  return presented;
}
