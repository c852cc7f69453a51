import { useId, useState } from 'react';
import type { ConstellationRef } from '../constellations/constellations';
import { sameConstellation, type PresentedConstellation } from '../constellations/presentConstellation';
import './panel.css';
import './ConstellationsPanel.css';

export interface ConstellationsPanelProps {
  /** The biggest constellations in view, biggest first. */
  constellations: readonly PresentedConstellation[];
  /** The constellation whose stars are highlighted, if any. */
  highlighted?: ConstellationRef;
  /** A constellation was clicked (the container highlights it and flies there, or clears it). */
  onChoose(ref: ConstellationRef): void;
  /** "Search in this constellation"; absent where the galaxy's search cannot be limited. */
  onSearchIn?(ref: ConstellationRef): void;
  /** Screens under 800 px wide: the panel starts folded to its heading. */
  compact?: boolean;
}

/** A constellation's colour, name (ellipsised; the full name in its title) and size, one button. */
export function ConstellationButton({
  constellation,
  pressed,
  onChoose,
  className = '',
}: {
  constellation: PresentedConstellation;
  pressed: boolean;
  onChoose(ref: ConstellationRef): void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`constellation-button ${className}`}
      aria-pressed={pressed}
      title={constellation.fullName}
      onClick={() => onChoose(constellation.ref)}
    >
      <span className="constellation-button__swatch" style={{ background: constellation.colour }} aria-hidden="true" />
      <span className="constellation-button__name">{constellation.name}</span>
      <span className="constellation-button__size">{constellation.size}</span>
    </button>
  );
}

/** "⌕": limits the search box's searches to the constellation (docs/rules.md#search). */
export function SearchInConstellationButton({
  constellation,
  onSearchIn,
  className,
}: {
  constellation: PresentedConstellation;
  onSearchIn(ref: ConstellationRef): void;
  className: string;
}) {
  return (
    <button
      type="button"
      className={`galaxy-icon-button ${className}`}
      aria-label={`Search in ${constellation.fullName}`}
      title="Search in this constellation"
      onClick={() => onSearchIn(constellation.ref)}
    >
      ⌕
    </button>
  );
}

/**
 * docs/rules.md#panels: the "Constellations" panel lists the biggest constellations in view with
 * their colour, name and size; clicking one highlights its stars and flies there, clicking it again
 * clears the highlight. Names are plain text.
 */
export function ConstellationsPanel({ constellations, highlighted, onChoose, onSearchIn, compact = false }: ConstellationsPanelProps) {
  const [open, setOpen] = useState(!compact);
  const listId = useId();
  return (
    <section
      className={`constellations-panel galaxy-panel${compact ? ' constellations-panel--compact' : ''}`}
      aria-label="Constellations"
      data-testid="constellations-panel"
    >
      <h2 className="constellations-panel__heading">
        <button
          type="button"
          className="constellations-panel__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          Constellations <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      </h2>
      {open ? (
        constellations.length === 0 ? (
          <p id={listId} className="constellations-panel__empty">
            No constellation in view.
          </p>
        ) : (
          <ul id={listId} className="constellations-panel__list">
            {constellations.map((constellation) => (
              <li key={`${constellation.ref.level}-${constellation.ref.id}`} className="constellations-panel__row">
                <ConstellationButton
                  constellation={constellation}
                  pressed={sameConstellation(constellation.ref, highlighted)}
                  onChoose={onChoose}
                />
                {onSearchIn ? (
                  <SearchInConstellationButton constellation={constellation} onSearchIn={onSearchIn} className="constellations-panel__search" />
                ) : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
