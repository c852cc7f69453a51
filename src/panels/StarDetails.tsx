import type { ConstellationRef } from '../constellations/constellations';
import { sameConstellation, type PresentedConstellation } from '../constellations/presentConstellation';
import type { Direction } from '../ecosystems/degreeLabels';
import { formatDegree } from '../ecosystems/formatCount';
import type { PresentedStar } from '../ecosystems/presentStar';
import { Avatar } from './Avatar';
import { ConstellationButton, SearchInConstellationButton } from './ConstellationsPanel';
import './panel.css';
import './StarDetails.css';

export interface StarDetailsProps {
  /** The selected star as presentStarInfo()/placeholderStar() give it. */
  star: PresentedStar;
  /** The visitor clicked a degree figure: open the list of connected nodes. */
  onShowConnections: (direction: Direction) => void;
  /** One-line layout for extra-small screens; screens under 800 px wide get it anyway (CSS). */
  compact?: boolean;
  /** Shows a close button when given. */
  onClose?: () => void;
  /** The star's constellations, top level first (none for a galaxy without communities). */
  constellations?: readonly PresentedConstellation[];
  /** The constellation highlighted now, if any. */
  highlightedConstellation?: ConstellationRef;
  /** A constellation was clicked: highlight it and fly there (or clear it). */
  onChooseConstellation?: (ref: ConstellationRef) => void;
  /** "Search in this constellation"; absent where the galaxy's search cannot be limited. */
  onSearchInConstellation?: (ref: ConstellationRef) => void;
}

function StarConstellations({
  constellations,
  highlighted,
  onChoose,
  onSearchIn,
}: {
  constellations: readonly PresentedConstellation[];
  highlighted?: ConstellationRef;
  onChoose: (ref: ConstellationRef) => void;
  onSearchIn?: (ref: ConstellationRef) => void;
}) {
  return (
    <ul className="star-details__constellations" aria-label="Constellations of this star" data-testid="star-constellations">
      {constellations.map((constellation, depth) => (
        <li
          key={`${constellation.ref.level}-${constellation.ref.id}`}
          className="star-details__constellation"
          style={{ paddingLeft: `${depth * 10}px` }}
        >
          <ConstellationButton constellation={constellation} pressed={sameConstellation(constellation.ref, highlighted)} onChoose={onChoose} />
          {onSearchIn ? (
            <SearchInConstellationButton constellation={constellation} onSearchIn={onSearchIn} className="star-details__search-in" />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function DegreeFigure({
  value,
  label,
  direction,
  onShowConnections,
}: {
  value: PresentedStar['inDegree'];
  label: string;
  direction: Direction;
  onShowConnections: (direction: Direction) => void;
}) {
  const unknown = value === '?';
  return (
    <button
      type="button"
      className="star-details__degree"
      data-testid={`degree-${direction}`}
      disabled={unknown}
      onClick={() => onShowConnections(direction)}
    >
      <span className="star-details__figure">{formatDegree(value)}</span>{' '}
      <span className="star-details__label">{label}</span>
    </button>
  );
}

/**
 * docs/rules.md#panels: the star information card: the star's name linking to its registry page,
 * its in-degree and out-degree with their labels; a figure opens the connected-star list; the
 * star's constellations, top level first, each one a click away from its highlight.
 */
export function StarDetails({
  star,
  onShowConnections,
  compact = false,
  onClose,
  constellations,
  highlightedConstellation,
  onChooseConstellation,
  onSearchInConstellation,
}: StarDetailsProps) {
  return (
    <section
      className={['star-details', compact ? 'star-details--compact' : '', star.pending ? 'star-details--pending' : '', 'galaxy-panel']
        .filter(Boolean)
        .join(' ')}
      aria-label={`Details of ${star.name}`}
      aria-busy={star.pending || undefined}
      data-testid="star-details"
    >
      <h2 className="star-details__title">
        {star.icon ? <Avatar className="star-details__avatar" src={star.icon} name={star.name} size={compact ? 24 : 40} /> : null}
        <span className="star-details__name" title={star.name}>
          {star.link ? (
            <a href={star.link} target="_blank" rel="noopener noreferrer">
              {star.name}
              <span className="star-details__external" aria-label="(opens in a new tab)">
                ↗
              </span>
            </a>
          ) : (
            star.name
          )}
        </span>
      </h2>
      <div className="star-details__row">
        <div className="star-details__degrees">
          <DegreeFigure
            value={star.inDegree}
            label={star.inDegreeLabel}
            direction="in"
            onShowConnections={onShowConnections}
          />
          <DegreeFigure
            value={star.outDegree}
            label={star.outDegreeLabel}
            direction="out"
            onShowConnections={onShowConnections}
          />
        </div>
        {onClose ? (
          <button type="button" className="galaxy-icon-button star-details__close" aria-label="Close details" onClick={onClose}>
            ×
          </button>
        ) : null}
      </div>
      {constellations && constellations.length > 0 && onChooseConstellation ? (
        <StarConstellations
          constellations={constellations}
          highlighted={highlightedConstellation}
          onChoose={onChooseConstellation}
          onSearchIn={onSearchInConstellation}
        />
      ) : null}
    </section>
  );
}
