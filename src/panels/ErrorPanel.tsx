import './panel.css';
import './ErrorPanel.css';

export interface ErrorPanelProps {
  /** The galaxy that failed to open. */
  galaxyName: string;
  /** The load error exactly as reported (docs/rules.md#errors, e.g. 'Failed to download {url}'). */
  message: string;
  /** Other galaxies the data root offers, offered as links. */
  otherGalaxies?: readonly string[];
  /** Address of Home; defaults to '#/'. */
  homeHref?: string;
  /** Shows a 'Try again' button. */
  onRetry?: () => void;
}

/** Address of a galaxy route. */
export function galaxyHref(name: string): string {
  return `#/galaxy/${encodeURIComponent(name)}`;
}

/** A failed download: the error as given, a way back Home, a retry and the other galaxies. */
export function ErrorPanel({ galaxyName, message, otherGalaxies = [], homeHref = '#/', onRetry }: ErrorPanelProps) {
  const others = otherGalaxies.filter((name) => name !== galaxyName);
  return (
    <section className="error-panel galaxy-panel" role="alert" aria-labelledby="error-panel-title">
      <h2 className="error-panel__title" id="error-panel-title">
        Could not open the galaxy “{galaxyName}”
      </h2>
      <p className="error-panel__message">{message}</p>
      <div className="error-panel__actions">
        {onRetry ? (
          <button type="button" className="error-panel__button" onClick={onRetry}>
            Try again
          </button>
        ) : null}
        <a className="error-panel__button" href={homeHref}>
          Go home
        </a>
      </div>
      {others.length > 0 ? (
        <nav aria-label="Other galaxies">
          <h3 className="error-panel__others-title">Open another galaxy:</h3>
          <ul className="error-panel__others">
            {others.map((name) => (
              <li key={name}>
                <a href={galaxyHref(name)}>{name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
