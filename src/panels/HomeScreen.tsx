import type { ReactNode } from 'react';
import { GalaxyCard, type GalaxyCardProps } from './GalaxyCard';
import './panel.css';
import './HomeScreen.css';

export const HOME_HEADING = 'Welcome to the Internet, Commander';

export interface HomeScreenProps {
  /** Cards shown first and larger (the internet media card). */
  featured: readonly GalaxyCardProps[];
  /** A card for every other galaxy the data root offers. */
  galaxies: readonly GalaxyCardProps[];
  /** The list of galaxies is still being fetched. */
  loading?: boolean;
  /** Why the list of galaxies could not be read. */
  error?: string;
  /** Shown under the lead, above the galaxies (opening the visitor's own graph). */
  children?: ReactNode;
}

const SKELETON_CARDS = 4;

/** docs/rules.md#home: Home: the heading, the internet media card and a card for every other galaxy. */
export function HomeScreen({ featured, galaxies, loading = false, error, children }: HomeScreenProps) {
  const nothing = !loading && !error && featured.length === 0 && galaxies.length === 0;
  return (
    <main className="home-screen">
      <div className="home-screen__inner">
        <h1 className="home-screen__heading">{HOME_HEADING}</h1>
        <p className="home-screen__lead">Pick a galaxy and fly through it: every star is a node, every line a link.</p>
        {children}
        {featured.length > 0 ? (
          <ul className="home-screen__cards home-screen__cards--featured" aria-label="Featured galaxy">
            {featured.map((card) => (
              <li key={card.name}>
                <GalaxyCard {...card} />
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p className="home-screen__message home-screen__message--error galaxy-panel" role="alert">
            {error}
          </p>
        ) : null}
        {nothing ? (
          <p className="home-screen__message galaxy-panel" role="status">
            This data root offers no galaxies yet.
          </p>
        ) : null}
        {loading || galaxies.length > 0 ? (
          <section aria-labelledby="home-screen-galaxies" aria-busy={loading}>
            <h2 className="home-screen__section" id="home-screen-galaxies">
              Galaxies
            </h2>
            <ul className="home-screen__cards" aria-label="Galaxies">
              {loading
                ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
                    <li key={index} className="home-screen__skeleton" aria-hidden="true" />
                  ))
                : galaxies.map((card) => (
                    <li key={card.name}>
                      <GalaxyCard {...card} />
                    </li>
                  ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}
