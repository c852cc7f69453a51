import { formatCount } from '../ecosystems/formatCount';
import './StatsLine.css';

export interface StatsLineProps {
  /** The loaded galaxy's name. */
  name: string;
  starCount: number;
  edgeCount: number;
}

/** The loaded galaxy and its size: 'npm · 195,689 stars · 473,907 links' (e2e tests read it). */
export function StatsLine({ name, starCount, edgeCount }: StatsLineProps) {
  const stars = `${formatCount(starCount)} ${starCount === 1 ? 'star' : 'stars'}`;
  const links = `${formatCount(edgeCount)} ${edgeCount === 1 ? 'link' : 'links'}`;
  return (
    <p className="stats-line" data-testid="galaxy-stats">
      <span className="stats-line__name">{name}</span>
      {` · ${stars} · ${links}`}
    </p>
  );
}
