import { useAtomValue } from 'jotai';
import type { StarCatalog } from '../data/starCatalog';
import { presentStar } from '../ecosystems/presentStar';
import { HoverTooltip } from '../panels';
import { hoverAtom } from '../state/selection/atoms';
import { useCatalogVersion } from './useCatalogVersion';

/**
 * The tooltip of the star under the pointer, from whatever the catalog has: while its name or
 * degrees are on their way the star is named by its id with '?' degrees (docs/rules.md#panels).
 */
export function HoverContainer({ catalog, kind }: { catalog: StarCatalog; kind: string }) {
  const hover = useAtomValue(hoverAtom);
  useCatalogVersion(catalog);
  if (!hover || !catalog.has(hover.id)) return null;
  const star = presentStar(kind, catalog, hover.id);
  return (
    <HoverTooltip
      name={star.name}
      inDegree={star.inDegree}
      outDegree={star.outDegree}
      inDegreeLabel={star.inDegreeLabel}
      outDegreeLabel={star.outDegreeLabel}
      left={hover.left}
      top={hover.top}
      pending={star.pending}
    />
  );
}
