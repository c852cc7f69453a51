import { useState } from 'react';
import { StarfieldPlaceholder } from './StarfieldPlaceholder';
import './panel.css';
import './GalaxyCard.css';

/** docs/rules.md#home: Home card images are 150x93 px. */
export const CARD_IMAGE_WIDTH = 150;
export const CARD_IMAGE_HEIGHT = 93;

export interface GalaxyCardProps {
  /** The galaxy's name (seeds the placeholder when the thumbnail is missing). */
  name: string;
  /** Where the card leads, e.g. '#/galaxy/internet?l=1'. */
  href: string;
  title: string;
  description?: string;
  /** Still image (file name ending _first.png). */
  stillSrc?: string;
  /** Animated image shown while the pointer or focus is on the card (ending _150.gif). */
  animatedSrc?: string;
  /** The galaxy's manifest (title, description) is still being read. */
  loading?: boolean;
  /** Why the galaxy's manifest could not be reached; the card still leads to the galaxy. */
  unreachable?: string;
}

/** A media card leading to a galaxy; the still swaps to the animation on hover. */
export function GalaxyCard({ name, href, title, description, stillSrc, animatedSrc, loading = false, unreachable }: GalaxyCardProps) {
  const [active, setActive] = useState(false);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const usable = (src: string | undefined): src is string => src !== undefined && !failed.has(src);

  const still = usable(stillSrc) ? stillSrc : undefined;
  const animated = usable(animatedSrc) ? animatedSrc : undefined;
  const shown = active && animated && still ? animated : still;
  const markFailed = (src: string) => setFailed((previous) => new Set(previous).add(src));

  return (
    <a
      className="galaxy-card galaxy-panel"
      href={href}
      aria-busy={loading}
      onMouseEnter={() => setActive(true)}
      onMouseLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={() => setActive(false)}
    >
      {shown ? (
        <img
          className="galaxy-card__image"
          src={shown}
          alt=""
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
          onError={() => markFailed(shown)}
        />
      ) : (
        <StarfieldPlaceholder
          className="galaxy-card__image"
          name={name}
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
        />
      )}
      <div className="galaxy-card__body">
        <h2 className="galaxy-card__title">{title}</h2>
        {description ? <p className="galaxy-card__description">{description}</p> : null}
        {loading ? (
          <p className="galaxy-card__state" role="status">
            Loading…
          </p>
        ) : null}
        {unreachable ? (
          <p className="galaxy-card__state galaxy-card__state--unreachable">Could not be reached. {unreachable}.</p>
        ) : null}
      </div>
    </a>
  );
}
