import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { NamedStarsList, type NamedStar } from '../panels';
import { followNamesAtRest } from './namesAtRest';
import { selectedStarAtom } from '../state/selection/atoms';
import { sceneAtom, showNamesAtom } from '../state/view/atoms';

/**
 * The accessible list is what is named once the camera rests, for this wait (longer than the names'
 * own): in flight the names change every frame, and re-listing 300 buttons costs style and layout
 * that a flying frame must not pay (docs/names.md#screen-readers).
 */
const LIST_REST_MS = 500;

/** The list while names are hidden (one array, so that the list does not take each render for a change). */
const NO_STARS: readonly NamedStar[] = [];

/**
 * Connects star names to the view state: shows or hides them (N key, URL key n), names the selected
 * star, and keeps the visually hidden list of named stars for screen readers.
 */
export function NamedStarsContainer() {
  const view = useAtomValue(sceneAtom);
  const showNames = useAtomValue(showNamesAtom);
  const selected = useAtomValue(selectedStarAtom);
  const select = useSetAtom(selectedStarAtom);
  const [stars, setStars] = useState<readonly NamedStar[]>([]);

  useEffect(() => view?.setNamesVisible?.(showNames), [view, showNames]);
  useEffect(() => view?.setSelected?.(selected), [view, selected]);

  useEffect(() => {
    if (!view?.onNamedStarsChange || !view.cameraRestsAt) return;
    const source = { onNamedStarsChange: view.onNamedStarsChange.bind(view), cameraRestsAt: view.cameraRestsAt.bind(view) };
    // Committed in the rest timer's own task, where the list also lays itself out (NamedStarsList), never in a frame's.
    const list = (named: ReadonlyArray<NamedStar>) => flushSync(() => setStars(named.map((star) => ({ id: star.id, name: star.name }))));
    return followNamesAtRest(source, LIST_REST_MS, list);
  }, [view]);

  return <NamedStarsList stars={showNames ? stars : NO_STARS} onSelect={select} />;
}
