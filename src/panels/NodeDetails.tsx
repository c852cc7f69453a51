import type { ConstellationRef } from '../constellations/constellations';
import { sameConstellation, type PresentedConstellation } from '../constellations/presentConstellation';
import type { Direction } from '../ecosystems/degreeLabels';
import { formatDegree } from '../ecosystems/formatCount';
import type { PresentedNode } from '../ecosystems/presentNode';
import { Avatar } from './Avatar';
import { ConstellationButton } from './ConstellationsPanel';
import './panel.css';
import './NodeDetails.css';

export interface NodeDetailsProps {
  /** The selected node as presentNode()/placeholderNode() give it. */
  node: PresentedNode;
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
    <ul className="node-details__constellations" aria-label="Constellations of this star" data-testid="star-constellations">
      {constellations.map((constellation, depth) => (
        <li
          key={`${constellation.ref.level}-${constellation.ref.id}`}
          className="node-details__constellation"
          style={{ paddingLeft: `${depth * 10}px` }}
        >
          <ConstellationButton constellation={constellation} pressed={sameConstellation(constellation.ref, highlighted)} onChoose={onChoose} />
          {onSearchIn ? (
            <button
              type="button"
              className="galaxy-icon-button node-details__search-in"
              aria-label={`Search in ${constellation.fullName}`}
              title="Search in this constellation"
              onClick={() => onSearchIn(constellation.ref)}
            >
              ⌕
            </button>
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
  value: PresentedNode['inDegree'];
  label: string;
  direction: Direction;
  onShowConnections: (direction: Direction) => void;
}) {
  const unknown = value === '?';
  return (
    <button
      type="button"
      className="node-details__degree"
      data-testid={`degree-${direction}`}
      disabled={unknown}
      onClick={() => onShowConnections(direction)}
    >
      <span className="node-details__figure">{formatDegree(value)}</span>{' '}
      <span className="node-details__label">{label}</span>
    </button>
  );
}

/**
 * docs/rules.md#panels: the node information card: the node's name linking to its registry page,
 * its in-degree and out-degree with their labels; a figure opens the connected-node list; the
 * star's constellations, top level first, each one a click away from its highlight.
 */
export function NodeDetails({
  node,
  onShowConnections,
  compact = false,
  onClose,
  constellations,
  highlightedConstellation,
  onChooseConstellation,
  onSearchInConstellation,
}: NodeDetailsProps) {
  return (
    <section
      className={['node-details', compact ? 'node-details--compact' : '', node.pending ? 'node-details--pending' : '', 'galaxy-panel']
        .filter(Boolean)
        .join(' ')}
      aria-label={`Details of ${node.name}`}
      aria-busy={node.pending || undefined}
      data-testid="node-details"
    >
      <h2 className="node-details__title">
        {node.icon ? <Avatar className="node-details__avatar" src={node.icon} name={node.name} size={compact ? 24 : 40} /> : null}
        <span className="node-details__name" title={node.name}>
          {node.link ? (
            <a href={node.link} target="_blank" rel="noopener noreferrer">
              {node.name}
              <span className="node-details__external" aria-label="(opens in a new tab)">
                ↗
              </span>
            </a>
          ) : (
            node.name
          )}
        </span>
      </h2>
      <div className="node-details__row">
        <div className="node-details__degrees">
          <DegreeFigure
            value={node.inDegree}
            label={node.inDegreeLabel}
            direction="in"
            onShowConnections={onShowConnections}
          />
          <DegreeFigure
            value={node.outDegree}
            label={node.outDegreeLabel}
            direction="out"
            onShowConnections={onShowConnections}
          />
        </div>
        {onClose ? (
          <button type="button" className="galaxy-icon-button node-details__close" aria-label="Close details" onClick={onClose}>
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
