import './panel.css';
import './LayoutPanel.css';

export type LayoutPanelState = 'starting' | 'laying-out' | 'paused' | 'settled' | 'error';

export interface LayoutPanelProps {
  state: LayoutPanelState;
  iteration: number;
  /** Which engine runs the layout, in words ("CPU workers", "WebGPU"). */
  engine?: string;
  /** Why that engine: the address, no WebGPU adapter, or the calibration's figures (`data-layout-choice`). */
  engineChoice?: string;
  message?: string;
  /** A zip is being made. */
  saving?: boolean;
  onPause: () => void;
  onResume: () => void;
  onSave: () => void;
}

function describe({ state, iteration, engine, message }: LayoutPanelProps): string {
  const by = engine ? ` (${engine})` : '';
  switch (state) {
    case 'starting':
      return 'Starting the layout…';
    case 'laying-out':
      return `Laying out: iteration ${iteration}${by}`;
    case 'paused':
      return `Layout paused at iteration ${iteration}`;
    case 'settled':
      return `Laid out in ${iteration} iterations${by}`;
    case 'error':
      return message ?? 'The layout stopped';
  }
}

/** The galaxy opened in this browser: how its layout is going, pause and resume, and "Save galaxy". */
export function LayoutPanel(props: LayoutPanelProps) {
  const { state, iteration, engineChoice, saving = false, onPause, onResume, onSave } = props;
  return (
    <div className="layout-panel galaxy-panel" data-layout-state={state} data-iteration={iteration} data-layout-choice={engineChoice}>
      <span className="layout-panel__status" role="status">
        {describe(props)}
      </span>
      {state === 'laying-out' || state === 'starting' ? (
        <button type="button" onClick={onPause} disabled={state === 'starting'}>
          Pause
        </button>
      ) : null}
      {state === 'paused' ? (
        <button type="button" onClick={onResume}>
          Resume
        </button>
      ) : null}
      <button type="button" onClick={onSave} disabled={saving}>
        {saving ? 'Saving…' : 'Save galaxy'}
      </button>
    </div>
  );
}
