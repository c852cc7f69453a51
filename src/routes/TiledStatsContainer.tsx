import { useCallback, useSyncExternalStore } from 'react';
import { StatsLine, StreamingStatsLine } from '../panels';
import type { TiledGalaxy } from '../tiles/stream/types';

export interface TiledStatsContainerProps {
  galaxy: Pick<TiledGalaxy, 'name' | 'edgeCount' | 'stars'>;
}

const STREAMING_TILES = ['tiles'];
const NOTHING_STREAMING: string[] = [];

/**
 * docs/rules.md#panels: the stats line of a tiled galaxy, 'big · 1,500,000 of 10,000,000 stars
 * drawn · 25,000,000 links · streaming tiles', the drawn figure following the planner.
 */
export function TiledStatsContainer({ galaxy }: TiledStatsContainerProps) {
  const { stars } = galaxy;
  const subscribe = useCallback((notify: () => void) => stars.onChange(notify), [stars]);
  const drawnStars = useSyncExternalStore(subscribe, () => stars.drawnStars);
  const streaming = useSyncExternalStore(subscribe, () => (stars.busy ? STREAMING_TILES : NOTHING_STREAMING));
  // Every star drawn (a galaxy within the budget): the classic galaxy's line.
  if (drawnStars === stars.totalStars) {
    return <StatsLine name={galaxy.name} nodeCount={stars.totalStars} edgeCount={galaxy.edgeCount} />;
  }
  return (
    <StreamingStatsLine
      name={galaxy.name}
      drawnStars={drawnStars}
      totalStars={stars.totalStars}
      edgeCount={galaxy.edgeCount}
      waitingFor={streaming}
    />
  );
}
