import { formatCount } from '../ecosystems/formatCount';
import './StatsLine.css';

export interface StreamingStatsLineProps {
  /** The galaxy's name. */
  name: string;
  /** Stars on screen now. */
  drawnStars: number;
  /** Stars in the galaxy. */
  starCount: number;
  /** Links known so far; undefined until links.bin has arrived. */
  edgeCount?: number;
  /** Files still on their way, e.g. ['links', 'labels']. */
  waitingFor: readonly string[];
  /** Most stars drawn at once now (the star budget, docs/rules.md#url `fps`), said in the line's title. */
  starBudget?: number;
  /** What the galaxy holds in memory, said in the line's title after the star budget. */
  holdings?: string;
}

/**
 * The stats line while a galaxy still streams, or draws fewer than all its stars (a tiled galaxy, a
 * whole one within its star budget): how many of its stars are drawn and what is still arriving,
 * 'npm · 195,689 of 195,689 stars drawn · streaming links, labels'. It has its own test id, so that
 * 'galaxy-stats' still means every star drawn and the whole graph there; once nothing streams this
 * line ends with the links.
 */
export function StreamingStatsLine({ name, drawnStars, starCount, edgeCount, waitingFor, starBudget, holdings }: StreamingStatsLineProps) {
  const title = [starBudget === undefined ? undefined : `star budget: ${formatCount(starBudget)} stars drawn at once`, holdings].filter(Boolean).join('\n');
  const stars = `${formatCount(drawnStars)} of ${formatCount(starCount)} ${starCount === 1 ? 'star' : 'stars'} drawn`;
  const links = edgeCount === undefined ? '' : ` · ${formatCount(edgeCount)} ${edgeCount === 1 ? 'link' : 'links'}`;
  const streaming = waitingFor.length > 0 ? ` · streaming ${waitingFor.join(', ')}` : '';
  return (
    <p className="stats-line" data-testid="galaxy-stats-streaming" aria-live="polite" title={title || undefined} data-star-budget={starBudget}>
      <span className="stats-line__name">{name}</span>
      {` · ${stars}${links}${streaming}`}
    </p>
  );
}
