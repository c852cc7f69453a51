import { useCallback, useSyncExternalStore } from 'react';
import { StatsLine, StreamingStatsLine } from '../panels';
import type { StarCounts } from '../stars/shownGalaxy';
import type { Holdings } from '../tiles/stream/heldParts';
import { holdingsTitle } from './holdingsTitle';

export interface StarStatsContainerProps {
  name: string;
  /** Links in the galaxy, unknown until its links are in. */
  edgeCount: number | undefined;
  stars: StarCounts;
  /** Files still on their way. */
  waitingFor: readonly string[];
  /** What the galaxy holds against its holding budget (a tiled galaxy's), said in the line's title. */
  holdings?: () => Holdings;
}

const STREAMING_TILES = ['tiles'];
const NOTHING_STREAMING: string[] = [];

/**
 * docs/rules.md#panels: the stats line, 'npm · 3,000,000 stars · 25,000,000 links' once every star
 * is drawn and every file is in; until then 'big · 1,500,000 of 10,000,000 stars drawn · 25,000,000
 * links · streaming tiles', the drawn figure following the stars.
 */
export function StarStatsContainer({ name, edgeCount, stars, waitingFor, holdings }: StarStatsContainerProps) {
  const subscribe = useCallback((notify: () => void) => stars.onChange(notify), [stars]);
  const drawnStars = useSyncExternalStore(subscribe, () => stars.drawnStars);
  const streaming = useSyncExternalStore(subscribe, () => (stars.busy ? STREAMING_TILES : NOTHING_STREAMING));
  const starBudget = useSyncExternalStore(subscribe, () => stars.starBudget?.stars);
  if (drawnStars === stars.starCount && waitingFor.length === 0) {
    return <StatsLine name={name} starCount={stars.starCount} edgeCount={edgeCount ?? 0} />;
  }
  return (
    <StreamingStatsLine
      name={name}
      drawnStars={drawnStars}
      starCount={stars.starCount}
      edgeCount={edgeCount}
      waitingFor={waitingFor.length > 0 ? [...streaming, ...waitingFor] : streaming}
      starBudget={starBudget}
      holdings={holdings ? holdingsTitle(holdings()) : undefined}
    />
  );
}
