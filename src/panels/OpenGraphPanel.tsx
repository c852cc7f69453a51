import { useId, useState, type FormEvent } from 'react';
import './panel.css';
import './OpenGraphPanel.css';
import { ImportStatus, type OpenGraphState } from './ImportStatus';

export type { ImportPhase, OpenGraphState } from './ImportStatus';

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
      <ImportStatus state={state} dragOver={dragOver} onCancel={onCancel} onDismiss={onDismiss} />
    </section>
  );
}
