import './panel.css';
import './YourGalaxies.css';

/** What is kept of a galaxy, as its stored entry says. */
export interface YourGalaxyFacts {
  starCount: number;
  edgeCount: number;
  /** Size kept in this browser, already formatted ("12 kB"). */
  size: string;
  /** False while its layout has not converged. */
  settled: boolean;
}

export interface YourGalaxyItem {
  name: string;
  href: string;
  /** Absent when its stored data is damaged: nothing it says can be shown. */
  facts?: YourGalaxyFacts;
  /** Why it cannot be opened (its files are missing, its stored data is damaged). */
  problem?: string;
}

export interface YourGalaxiesProps {
  galaxies: readonly YourGalaxyItem[];
  onRemove: (name: string) => void;
}

const count = (value: number) => value.toLocaleString('en-US');

/** Galaxies the visitor opened, kept in this browser, each with its size and a way to remove it. */
export function YourGalaxies({ galaxies, onRemove }: YourGalaxiesProps) {
  return (
    <section className="your-galaxies" aria-labelledby="your-galaxies-heading">
      <h2 className="home-screen__section" id="your-galaxies-heading">
        Your galaxies
      </h2>
      {galaxies.length === 0 ? (
        <p className="your-galaxies__empty galaxy-panel">Graphs you open are kept here, in this browser only.</p>
      ) : (
        <ul className="your-galaxies__list" aria-label="Your galaxies">
          {galaxies.map((galaxy) => (
            <li key={galaxy.name} className="your-galaxies__item galaxy-panel" data-problem={galaxy.problem ? 'true' : undefined}>
              {galaxy.problem ? (
                <span className="your-galaxies__name">{galaxy.name}</span>
              ) : (
                <a className="your-galaxies__name" href={galaxy.href}>
                  {galaxy.name}
                </a>
              )}
              {galaxy.facts ? (
                <span className="your-galaxies__facts">
                  {count(galaxy.facts.starCount)} stars · {count(galaxy.facts.edgeCount)} links · {galaxy.facts.size}
                  {galaxy.facts.settled ? '' : ' · not laid out yet'}
                </span>
              ) : null}
              {galaxy.problem ? (
                <span className="your-galaxies__problem" role="alert">
                  Cannot be opened: {galaxy.problem}
                </span>
              ) : null}
              <button type="button" className="your-galaxies__remove" aria-label={`Remove ${galaxy.name}`} onClick={() => onRemove(galaxy.name)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
