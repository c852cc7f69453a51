import { useLayoutEffect, useRef } from 'react';
import './NamedStarsList.css';

export interface NamedStar {
  id: number;
  name: string;
}

export interface NamedStarsListProps {
  /** The stars named in the scene right now, most important first. */
  stars: readonly NamedStar[];
  /** Selects a star, as a click on it does. */
  onSelect(id: number): void;
}

/**
 * The names drawn in the scene, for screen readers and keyboards: a visually hidden list with
 * one button per named star in view.
 */
export function NamedStarsList({ stars, onSelect }: NamedStarsListProps) {
  const list = useRef<HTMLUListElement>(null);
  // Lays the new list out now, in the task that changed it, so that the next frame finds its layout done
  // (docs/names.md#screen-readers): reading a box's size makes the browser lay it out at once.
  useLayoutEffect(() => void list.current?.offsetHeight, [stars]);
  return (
    <nav className="named-stars" aria-label="Named stars in view" data-testid="named-stars">
      <p>{stars.length === 0 ? 'No named stars in view' : `${stars.length} named ${stars.length === 1 ? 'star' : 'stars'} in view`}</p>
      <ul ref={list}>
        {stars.map((star) => (
          <li key={star.id}>
            <button type="button" data-star-id={star.id} onClick={() => onSelect(star.id)}>
              {star.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
