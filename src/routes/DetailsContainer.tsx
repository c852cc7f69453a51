import { useAtom, useSetAtom } from 'jotai';
import type { StarCatalog } from '../data/starCatalog';
import type { Direction } from '../ecosystems/degreeLabels';
import { presentStar } from '../ecosystems/presentNode';
import { NodeDetails } from '../panels';
import { selectedNodeAtom } from '../state/selection/atoms';
import { showDegreeWindowAtom } from '../state/windows/atoms';
import { useCatalogVersion } from './useCatalogVersion';
import { useCompactLayout } from './useCompactLayout';

/** The selected star's details; a degree not in yet reads '?' and opens no list (docs/rules.md#panels). */
export function DetailsContainer({ catalog, kind }: { catalog: StarCatalog; kind: string }) {
  const [selected, select] = useAtom(selectedNodeAtom);
  const showDegree = useSetAtom(showDegreeWindowAtom);
  const compact = useCompactLayout();
  useCatalogVersion(catalog);
  if (selected === undefined || !catalog.has(selected)) return null;
  const star = presentStar(kind, catalog, selected);
  return (
    <NodeDetails
      node={star}
      compact={compact}
      onShowConnections={(direction: Direction) => showDegree({ nodeId: selected, direction })}
      onClose={() => select(undefined)}
    />
  );
}
