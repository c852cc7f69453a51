import './panel.css';
import './SteeringOverlay.css';

export interface SteeringOverlayProps {
  /** Steering mode is on (SPACE toggles it). */
  active: boolean;
}

/** docs/rules.md#panels: while steering is on, says how to turn it off. */
export function SteeringOverlay({ active }: SteeringOverlayProps) {
  if (!active) return null;
  return (
    <div className="steering-overlay galaxy-panel" role="status" data-testid="steering-overlay">
      Press <kbd>SPACE</kbd> to deactivate steering mode
    </div>
  );
}
