import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { helpVisibleAtom, toggleHelpAtom } from '../state/help/atoms';
import { hoverAtom, selectedStarAtom } from '../state/selection/atoms';
import { dragToLookAtom, steeringAtom } from '../state/steering/atoms';
import { cameraMovingAtom, sceneAtom, toggleLinksAtom, toggleNamesAtom, toggleColourByCommunityAtom } from '../state/view/atoms';
import { FLY_TO_DISTANCE } from '../scene/cameraAnimation';
import { GalaxyControls } from './galaxyControls';
import { FOCUS_DELAY_MS } from './pointerTiming';

/** docs/rules.md#controls: a double click or a focus stops this far short of the star. */
export { FLY_TO_DISTANCE };

export interface GalaxyControlsApi {
  /** Flies to a star after the 30 ms focus delay, then selects it (list names, double click). */
  focusStar(id: number): void;
  orbit(center: [number, number, number], radius: number, msPerTurn: number): void;
}

/** Connects keyboard, pointer, touch and wheel over `sceneRef` to the view and the feature atoms. */
export function useGalaxyControls(sceneRef: RefObject<HTMLElement | null>): GalaxyControlsApi {
  const store = useStore();
  const view = useAtomValue(sceneAtom);
  const select = useSetAtom(selectedStarAtom);
  const controlsRef = useRef<GalaxyControls | undefined>(undefined);
  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flyAndSelect = useCallback(
    (id: number) => {
      if (!view) {
        select(id);
        return;
      }
      void view.flyTo(id, { distance: FLY_TO_DISTANCE }).then(() => select(id));
    },
    [view, select],
  );

  const focusStar = useCallback(
    (id: number) => {
      clearTimeout(focusTimer.current);
      controlsRef.current?.stopOrbit();
      focusTimer.current = setTimeout(() => flyAndSelect(id), FOCUS_DELAY_MS);
    },
    [flyAndSelect],
  );

  useEffect(() => () => clearTimeout(focusTimer.current), []);

  useEffect(() => {
    const element = sceneRef.current;
    if (!view || !element) return;
    const setHover = (id: number | undefined, left: number, top: number) => {
      const current = store.get(hoverAtom);
      if (current?.id !== id) view.setHovered(id);
      store.set(hoverAtom, id === undefined ? undefined : { id, left, top });
    };
    const controls = new GalaxyControls(view, element, {
      onKeyCommand: (command) => {
        if (command === 'toggle-help') store.set(toggleHelpAtom);
        else if (command === 'toggle-links') store.set(toggleLinksAtom);
        else if (command === 'toggle-names') store.set(toggleNamesAtom);
        else if (command === 'toggle-community-colours') store.set(toggleColourByCommunityAtom);
        else store.set(steeringAtom, !store.get(steeringAtom));
      },
      onNonModifierKey: () => store.set(helpVisibleAtom, false),
      onMovingChange: (moving) => store.set(cameraMovingAtom, moving),
      onPointerStill: (at) => setHover(view.pick(at.x, at.y), at.x, at.y),
      onPointerMove: (at) => {
        const hover = store.get(hoverAtom);
        if (hover) store.set(hoverAtom, { ...hover, left: at.x, top: at.y });
      },
      onPointerLeave: () => setHover(undefined, 0, 0),
      onClick: (at) => {
        const id = view.pick(at.x, at.y);
        if (id !== undefined) select(id);
      },
      onDoubleClick: (at) => {
        const id = view.pick(at.x, at.y);
        if (id !== undefined) flyAndSelect(id);
      },
      onWheel: (overScene, target) => {
        if (overScene) {
          store.set(helpVisibleAtom, false);
          element.querySelector('canvas')?.focus({ preventScroll: true });
        } else if (!(target instanceof Element && target.closest('[data-window-key], [data-testid="star-details"]'))) {
          // Wheel turns over a list scroll it; elsewhere they toggle the help (docs/rules.md#panels).
          store.set(toggleHelpAtom);
        }
      },
      isSteering: () => store.get(steeringAtom),
      isDragToLook: () => store.get(dragToLookAtom),
    });
    controlsRef.current = controls;
    return () => {
      controls.dispose();
      controlsRef.current = undefined;
    };
  }, [view, sceneRef, store, select, flyAndSelect]);

  const orbit = useCallback((center: [number, number, number], radius: number, msPerTurn: number) => {
    controlsRef.current?.startOrbit(center, radius, msPerTurn);
  }, []);

  return { focusStar, orbit };
}
