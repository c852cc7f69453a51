import type { ReactNode } from 'react';
import './panel.css';
import './OpenGraphPanel.css';

/**
 * 'communities': the graph is read; its constellations are being found before it is kept (cancel
 * keeps it without them). 'keeping': it is being stored in this browser (IndexedDB).
 */
export type ImportPhase = 'reading' | 'parsing' | 'encoding' | 'communities' | 'keeping';

export type OpenGraphState =
  | { kind: 'idle' }
  /** `total` undefined: the size is not known (an address without Content-Length), or a format that does not say how far it has parsed. */
  | { kind: 'importing'; fileName: string; phase: ImportPhase; loaded: number; total?: number; detail?: string }
  | { kind: 'error'; fileName: string; message: string }
  | { kind: 'too-big'; fileName: string; needed: string; available: string; command: string };

export interface ImportStatusProps {
  state: OpenGraphState;
  /** A file is being dragged over the page: the whole page is the drop zone. */
  dragOver?: boolean;
  onCancel: () => void;
  onDismiss: () => void;
}

const PHASE_TEXT: Record<ImportPhase, string> = {
  reading: 'Reading',
  parsing: 'Reading the graph in',
  encoding: 'Preparing the stars of',
  communities: 'Finding the constellations of',
  keeping: 'Keeping',
};

function percent(loaded: number, total: number | undefined): number | undefined {
  return total && total > 0 ? Math.min(100, Math.round((100 * loaded) / total)) : undefined;
}

/**
 * How an import of the visitor's graph is going, wherever it was dropped (Home, the galaxy screen):
 * progress with a percentage where one is known, why it failed, and the page-wide drop zone.
 */
export function ImportStatus({ state, dragOver = false, onCancel, onDismiss }: ImportStatusProps) {
  return (
    <>
      {state.kind === 'importing' ? <ImportProgress {...state} onCancel={onCancel} /> : null}
      {state.kind === 'error' ? (
        <ImportFailure onDismiss={onDismiss}>
          <p>
            Could not open <strong>{state.fileName}</strong>.
          </p>
          <p className="open-graph__detail">{state.message}</p>
        </ImportFailure>
      ) : null}
      {state.kind === 'too-big' ? (
        <ImportFailure onDismiss={onDismiss}>
          <p>
            <strong>{state.fileName}</strong> is too big for this browser: it would need about {state.needed} of memory, and this
            browser gives a page about {state.available}.
          </p>
          <p>Build it with the command line instead, then serve the folder it writes:</p>
          <pre className="open-graph__command">{state.command}</pre>
        </ImportFailure>
      ) : null}
      {dragOver ? (
        <div className="open-graph__drop-zone" data-testid="drop-zone" aria-hidden="true">
          <p>Drop the graph file to open it</p>
        </div>
      ) : null}
    </>
  );
}

function ImportFailure({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div className="open-graph__message open-graph__message--error" role="alert">
      {children}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

function ImportProgress({
  fileName,
  phase,
  loaded,
  total,
  detail,
  onCancel,
}: {
  fileName: string;
  phase: ImportPhase;
  loaded: number;
  total?: number;
  detail?: string;
  onCancel: () => void;
}) {
  const done = phase === 'encoding' || phase === 'communities' ? undefined : percent(loaded, total);
  return (
    <div className="open-graph__progress" role="status">
      <p>
        {PHASE_TEXT[phase]} <strong>{fileName}</strong>
        {done !== undefined ? ` - ${done}%` : '…'}
      </p>
      {detail ? <p className="open-graph__detail">{detail}</p> : null}
      <progress aria-label="Import progress" max={100} value={done} />
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
