import type { ReactNode } from 'react';
import './panel.css';
import './HelpOverlay.css';

export interface HelpOverlayProps {
  /** Whether the help is shown (the galaxy route applies the rules of docs/rules.md#panels). */
  visible: boolean;
  /** On touch devices the touch gestures come first. */
  touch?: boolean;
}

interface HelpRow {
  keys: ReactNode;
  does: string;
}

const KEYBOARD: HelpRow[] = [
  { keys: <><kbd>W</kbd> <kbd>S</kbd></>, does: 'fly forward / backward' },
  { keys: <><kbd>A</kbd> <kbd>D</kbd></>, does: 'fly left / right' },
  { keys: <><kbd>R</kbd> <kbd>F</kbd></>, does: 'fly up / down' },
  { keys: <><kbd>↑</kbd> <kbd>↓</kbd> <kbd>←</kbd> <kbd>→</kbd></>, does: 'look up, down, left, right' },
  { keys: <><kbd>Q</kbd> <kbd>E</kbd></>, does: 'roll left / right' },
  { keys: <>hold <kbd>Shift</kbd></>, does: 'move and roll 4 times faster' },
  { keys: <kbd>Space</kbd>, does: 'steering mode: the mouse turns the camera' },
  { keys: <kbd>L</kbd>, does: 'show / hide links' },
  { keys: <kbd>N</kbd>, does: 'show / hide star names' },
  { keys: <kbd>C</kbd>, does: 'constellation colours on / off' },
  { keys: <><kbd>H</kbd> or <kbd>?</kbd></>, does: 'show / hide this help' },
];

const MOUSE: HelpRow[] = [
  { keys: 'drag', does: 'look around' },
  { keys: 'click a star', does: 'show its details and connections' },
  { keys: 'double-click', does: 'fly to the star' },
  { keys: 'wheel', does: 'show / hide this help' },
];

const TOUCH: HelpRow[] = [
  { keys: 'one finger', does: 'fly forward' },
  { keys: 'two fingers', does: 'fly backward' },
  { keys: 'tilt the device', does: 'turn the camera' },
];

function KeyList({ rows }: { rows: HelpRow[] }) {
  return (
    <dl className="help-overlay__keys">
      {rows.map((row) => (
        <div key={row.does} style={{ display: 'contents' }}>
          <dt>{row.keys}</dt>
          <dd>{row.does}</dd>
        </div>
      ))}
    </dl>
  );
}

/** docs/rules.md#panels: how to fly; shown over the scene without catching the pointer. */
export function HelpOverlay({ visible, touch = false }: HelpOverlayProps) {
  if (!visible) return null;
  const sections = [
    { title: 'Keyboard', rows: KEYBOARD },
    { title: 'Mouse', rows: MOUSE },
    { title: 'Touch', rows: TOUCH },
  ];
  if (touch) sections.unshift(sections.splice(2, 1)[0]);
  return (
    <aside className="help-overlay galaxy-panel" aria-label="How to fly" data-testid="help-overlay">
      <h2 className="help-overlay__title">How to fly</h2>
      <div className="help-overlay__columns">
        {sections.map((section) => (
          <section key={section.title} className={`help-overlay__group help-overlay__group--${section.title.toLowerCase()}`}>
            <h3 className="help-overlay__section">{section.title}</h3>
            <KeyList rows={section.rows} />
          </section>
        ))}
      </div>
      <p className="help-overlay__hint">Press any key to start flying.</p>
    </aside>
  );
}
