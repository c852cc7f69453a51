import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { constellationsInView, type ConstellationsInView } from '../constellations/constellationsInView';
import { presentConstellation } from '../constellations/presentConstellation';
import { ConstellationsPanel } from '../panels';
import { constellationsAtom } from '../state/constellations/atoms';
import { searchScopeAtom } from '../state/search/atoms';
import { sceneAtom, scaleAtom } from '../state/view/atoms';
import { windowsAtom } from '../state/windows/atoms';
import { followCameraAtRest } from './cameraAtRest';
import { useCompactLayout } from './useCompactLayout';
import { useConstellationActions } from './useConstellationActions';

/** The list is looked at again once the camera has rested this long: never per frame. */
const LIST_REST_MS = 500;

export interface ConstellationsContainerProps {
  kind: string;
  /** The galaxy's search can be limited to a constellation (a whole galaxy's; not a tiled one's). */
  canLimitSearch: boolean;
}

/**
 * docs/rules.md#panels: the Constellations panel of a galaxy with communities: the biggest in view
 * when the camera rests; a click highlights one and flies there, again or Escape clears it. It
 * gives way to the degree list, which opens in the same place.
 */
export function ConstellationsContainer({ kind, canLimitSearch }: ConstellationsContainerProps) {
  const constellations = useAtomValue(constellationsAtom);
  const view = useAtomValue(sceneAtom);
  const scale = useAtomValue(scaleAtom);
  const degreeOpen = useAtomValue(windowsAtom).degree !== undefined;
  const setScope = useSetAtom(searchScopeAtom);
  const compact = useCompactLayout();
  const { highlighted, choose, clear } = useConstellationActions();
  const [listed, setListed] = useState<ConstellationsInView>({ level: 0, ids: [] });

  useEffect(() => {
    if (!view || !constellations) return;
    const look = () =>
      setListed(constellationsInView(constellations.levels, { pose: view.getCamera(), aspect: innerWidth / Math.max(1, innerHeight), scale }));
    look();
    addEventListener('resize', look);
    const stop = followCameraAtRest(view, LIST_REST_MS, look);
    return () => {
      stop();
      removeEventListener('resize', look);
    };
  }, [view, constellations, scale]);

  useEffect(() => {
    if (!highlighted) return;
    const clearOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') clear();
    };
    addEventListener('keydown', clearOnEscape);
    return () => removeEventListener('keydown', clearOnEscape);
  }, [highlighted, clear]);

  const presented = useMemo(
    () => (constellations ? listed.ids.map((id) => presentConstellation(constellations, kind, { level: listed.level, id })) : []),
    [constellations, kind, listed],
  );

  if (!constellations || degreeOpen) return null;
  return (
    <ConstellationsPanel
      constellations={presented}
      highlighted={highlighted}
      onChoose={choose}
      onSearchIn={canLimitSearch ? setScope : undefined}
      compact={compact}
    />
  );
}
