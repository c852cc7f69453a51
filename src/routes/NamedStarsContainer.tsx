import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { NamedStarsList, type NamedStar } from '../panels';
import { selectedNodeAtom } from '../state/selection/atoms';
import { sceneAtom, showNamesAtom } from '../state/view/atoms';

/**
 * The accessible list follows the scene's names once they have stayed the same this long, and at
 * least this often while they keep changing (every frame in flight): re-listing 300 buttons costs
 * the main thread style and layout each time (docs/names.md#screen-readers).
 */
const LIST_QUIET_MS = 300;
const LIST_LONGEST_WAIT_MS = 1000;

/**
 * Connects star names to the view state: shows or hides them (N key, URL key n), names the selected
 * star, and keeps the visually hidden list of named stars for screen readers.
 */
export function NamedStarsContainer() {
  const view = useAtomValue(sceneAtom);
  const showNames = useAtomValue(showNamesAtom);
  const selected = useAtomValue(selectedNodeAtom);
  const select = useSetAtom(selectedNodeAtom);
  const [stars, setStars] = useState<readonly NamedStar[]>([]);

  useEffect(() => view?.setNamesVisible?.(showNames), [view, showNames]);
  useEffect(() => view?.setSelected?.(selected), [view, selected]);

  useEffect(() => {
    if (!view?.onNamedStarsChange) return;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let longest: ReturnType<typeof setTimeout> | undefined;
    let latest: ReadonlyArray<{ id: number; name: string }> = [];
    const update = () => {
      clearTimeout(quiet);
      clearTimeout(longest);
      quiet = longest = undefined;
      setStars(latest.map((label) => ({ id: label.id, name: label.name })));
    };
    const off = view.onNamedStarsChange((labels) => {
      latest = labels;
      clearTimeout(quiet);
      quiet = setTimeout(update, LIST_QUIET_MS);
      longest ??= setTimeout(update, LIST_LONGEST_WAIT_MS);
    });
    return () => {
      off();
      clearTimeout(quiet);
      clearTimeout(longest);
    };
  }, [view]);

  return <NamedStarsList stars={showNames ? stars : []} onSelect={select} />;
}
