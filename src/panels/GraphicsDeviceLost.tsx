import './panel.css';
import './ErrorPanel.css';
import './GraphicsDeviceLost.css';

export interface GraphicsDeviceLostProps {
  /** How many times in a row the device was lost before the viewer gave up. */
  losses: number;
  /** The last loss as the browser reported it (or why a new renderer could not start). */
  reason: string;
  onRetry: () => void;
}

/** The graphics device kept being lost: what happened and a way to start drawing again. */
export function GraphicsDeviceLost({ losses, reason, onRetry }: GraphicsDeviceLostProps) {
  return (
    <section className="error-panel galaxy-panel graphics-device-lost" role="alert" aria-labelledby="graphics-device-lost-title">
      <h2 className="error-panel__title" id="graphics-device-lost-title">
        The graphics device was lost
      </h2>
      <p>
        The graphics device was lost {losses === 1 ? 'once' : `${losses} times in a row`} and could not be recovered,
        so the galaxy cannot be drawn right now. Your browser supports it: this is usually a driver reset or
        the system running short of graphics memory.
      </p>
      <p className="error-panel__message">{reason}</p>
      <div className="error-panel__actions">
        <button type="button" className="error-panel__button" onClick={onRetry}>
          Try again
        </button>
      </div>
    </section>
  );
}
