import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { NamedStarsList, type NamedStar } from '../panels';
import { selectedNodeAtom } from '../state/selection/atoms';
import { galaxyViewAtom, showNamesAtom } from '../state/view/atoms';

/** The accessible list follows the scene's names at most this often (they change every few frames in flight). */
const LIST_UPDATE_MS = 300;

/**
 * Connects star names to the view state: shows or hides them (N key, URL key n), names the selected
 * star, and keeps the visually hidden list of named stars for screen readers.
 */
export function NamedStarsContainer() {
  const view = useAtomValue(galaxyViewAtom);
  const showNames = useAtomValue(showNamesAtom);
  const selected = useAtomValue(selectedNodeAtom);
  const select = useSetAtom(selectedNodeAtom);
  const [stars, setStars] = useState<readonly NamedStar[]>([]);

  useEffect(() => view?.setNamesVisible?.(showNames), [view, showNames]);
  useEffect(() => view?.setSelected?.(selected), [view, selected]);

  useEffect(() => {
    if (!view?.onNamedStarsChange) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest: readonly NamedStar[] = [];
    const off = view.onNamedStarsChange((labels) => {
      latest = labels.map((label) => ({ id: label.id, name: label.name }));
      timer ??= setTimeout(() => {
        timer = undefined;
        setStars(latest);
      }, LIST_UPDATE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [view]);

  return <NamedStarsList stars={showNames ? stars : []} onSelect={select} />;
}
