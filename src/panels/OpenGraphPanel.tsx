import { useId, useState, type FormEvent } from 'react';
import './panel.css';
import './OpenGraphPanel.css';

export type ImportPhase = 'reading' | 'parsing' | 'encoding';

export type OpenGraphState =
  | { kind: 'idle' }
  | { kind: 'importing'; fileName: string; phase: ImportPhase; loaded: number; total?: number }
  | { kind: 'error'; fileName: string; message: string }
  | { kind: 'too-big'; fileName: string; needed: string; available: string; command: string };

export interface OpenGraphPanelProps {
  state: OpenGraphState;
  /** A file is being dragged over the page: the whole page is the drop zone. */
  dragOver?: boolean;
  /** The formats the importers read, shown to the visitor. */
  formats: readonly string[];
  /** The format chosen by the visitor; undefined: detected from the file. */
  format?: string;
  onFormatChange?: (format: string | undefined) => void;
  onFile: (file: File) => void;
  onUrl: (url: string) => void;
  onCancel: () => void;
  onDismiss: () => void;
}

const PHASE_TEXT: Record<ImportPhase, string> = {
  reading: 'Reading',
  parsing: 'Reading the graph in',
  encoding: 'Preparing the stars of',
};

function percent(loaded: number, total: number | undefined): number | undefined {
  return total && total > 0 ? Math.min(100, Math.round((100 * loaded) / total)) : undefined;
}

/**
 * Home's way in for the visitor's own graph: a file input, an address field and, while a file is
 * dragged over the page, a drop zone over all of it; then the import's progress, or why it failed.
 */
export function OpenGraphPanel({ state, dragOver = false, formats, format, onFormatChange, onFile, onUrl, onCancel, onDismiss }: OpenGraphPanelProps) {
  const [url, setUrl] = useState('');
  const inputId = useId();
  const urlId = useId();
  const busy = state.kind === 'importing';
  const submitUrl = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = url.trim();
    if (trimmed !== '' && !busy) onUrl(trimmed);
  };
  return (
    <section className="open-graph galaxy-panel" aria-labelledby={`${inputId}-heading`} data-state={state.kind}>
      <h2 className="open-graph__heading" id={`${inputId}-heading`}>
        Open your own graph
      </h2>
      <p className="open-graph__lead">
        Drop a graph file anywhere on this page, or choose one. It is read and laid out in this browser; nothing is uploaded.
      </p>
      <div className="open-graph__row">
        <label className="open-graph__file" htmlFor={inputId}>
          Open a graph file
        </label>
        <input
          id={inputId}
          className="open-graph__file-input"
          type="file"
          aria-label="Open a graph file"
          disabled={busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
        <form className="open-graph__url" onSubmit={submitUrl}>
          <label className="open-graph__url-label" htmlFor={urlId}>
            or its address
          </label>
          <input
            id={urlId}
            type="url"
            placeholder="https://example.org/graph.csv"
            value={url}
            disabled={busy}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <button type="submit" disabled={busy || url.trim() === ''}>
            Open
          </button>
        </form>
      </div>
      <p className="open-graph__formats">
        <label>
          Format{' '}
          <select value={format ?? ''} disabled={busy} onChange={(event) => onFormatChange?.(event.currentTarget.value || undefined)}>
            <option value="">detect from the file</option>
            {formats.map((known) => (
              <option key={known} value={known}>
                {known}
              </option>
            ))}
          </select>
        </label>{' '}
        Formats: {formats.join(', ')}; gzip-compressed or not.
      </p>
      {state.kind === 'importing' ? <ImportProgress {...state} onCancel={onCancel} /> : null}
      {state.kind === 'error' ? (
        <div className="open-graph__message open-graph__message--error" role="alert">
          <p>
            Could not open <strong>{state.fileName}</strong>.
          </p>
          <p className="open-graph__detail">{state.message}</p>
          <button type="button" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      ) : null}
      {state.kind === 'too-big' ? (
        <div className="open-graph__message open-graph__message--error" role="alert">
          <p>
            <strong>{state.fileName}</strong> is too big for this browser: it would need about {state.needed} of memory, and this
            browser gives a page about {state.available}.
          </p>
          <p>Build it with the command line instead, then serve the folder it writes:</p>
          <pre className="open-graph__command">{state.command}</pre>
          <button type="button" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      ) : null}
      {dragOver ? (
        <div className="open-graph__drop-zone" data-testid="drop-zone" aria-hidden="true">
          <p>Drop the graph file to open it</p>
        </div>
      ) : null}
    </section>
  );
}

function ImportProgress({
  fileName,
  phase,
  loaded,
  total,
  onCancel,
}: {
  fileName: string;
  phase: ImportPhase;
  loaded: number;
  total?: number;
  onCancel: () => void;
}) {
  const done = phase === 'reading' ? percent(loaded, total) : undefined;
  return (
    <div className="open-graph__progress" role="status">
      <p>
        {PHASE_TEXT[phase]} <strong>{fileName}</strong>
        {done !== undefined ? ` - ${done}%` : '…'}
      </p>
      <progress aria-label="Import progress" max={100} value={done} />
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
