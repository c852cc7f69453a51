import { useAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { constellationFlight } from '../constellations/constellationFlight';
import type { ConstellationRef } from '../constellations/constellations';
import { sameConstellation } from '../constellations/presentConstellation';
import { constellationsAtom, highlightedConstellationAtom } from '../state/constellations/atoms';
import { sceneAtom, scaleAtom } from '../state/view/atoms';

export interface ConstellationActions {
  highlighted: ConstellationRef | undefined;
  /** Highlights the constellation and flies to it; the one highlighted already is cleared instead. */
  choose(ref: ConstellationRef): void;
  clear(): void;
}

/** docs/rules.md#panels: what a click on a constellation does, in the panel and in the star details alike. */
export function useConstellationActions(): ConstellationActions {
  const store = useStore();
  const [highlighted, setHighlighted] = useAtom(highlightedConstellationAtom);
  const choose = useCallback(
    (ref: ConstellationRef) => {
      if (sameConstellation(ref, store.get(highlightedConstellationAtom))) {
        setHighlighted(undefined);
        return;
      }
      setHighlighted(ref);
      const constellations = store.get(constellationsAtom);
      const view = store.get(sceneAtom);
      if (!constellations || !view?.flyToPoint) return;
      const flight = constellationFlight(constellations, ref, store.get(scaleAtom), view.getCamera().position);
      if (flight) void view.flyToPoint(flight.target, flight.distance);
    },
    [store, setHighlighted],
  );
  const clear = useCallback(() => setHighlighted(undefined), [setHighlighted]);
  return { highlighted, choose, clear };
}
