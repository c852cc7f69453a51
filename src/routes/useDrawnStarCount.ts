import { useCallback, useSyncExternalStore } from 'react';
import type { TiledStars } from '../tiles/stream/types';

/** Stars of a tiled galaxy drawn now, re-read whenever its streaming engine reports a change. */
export function useDrawnStarCount(stars: TiledStars | undefined): number {
  const subscribe = useCallback((notify: () => void) => stars?.onChange(notify) ?? (() => {}), [stars]);
  return useSyncExternalStore(subscribe, () => stars?.drawnStars ?? 0);
}
