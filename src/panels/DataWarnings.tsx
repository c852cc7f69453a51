import { useId, useState } from 'react';
import './panel.css';
import './DataWarnings.css';

export interface DataWarningsProps {
  /** What the loader repaired or ignored in the galaxy's files, one sentence each. */
  warnings: readonly string[];
  onDismiss?: () => void;
}

/** Tells the visitor the galaxy's files were damaged and what was kept; collapsed to one line at first. */
export function DataWarnings({ warnings, onDismiss }: DataWarningsProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (warnings.length === 0) return null;
  const summary =
    warnings.length === 1 ? '1 problem in this galaxy’s files' : `${warnings.length} problems in this galaxy’s files`;
  return (
    <aside className="data-warnings galaxy-panel" role="status" aria-label="Data warnings">
      <div className="data-warnings__header">
        <span aria-hidden="true">⚠</span>
        <span className="data-warnings__summary">{summary}</span>
        <button
          type="button"
          className="galaxy-link-button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'Details'}
        </button>
        {onDismiss ? (
          <button type="button" className="galaxy-icon-button" aria-label="Dismiss data warnings" onClick={onDismiss}>
            ×
          </button>
        ) : null}
      </div>
      {open ? (
        <ul className="data-warnings__list" id={listId}>
          {warnings.map((warning, index) => (
            <li key={index}>{warning}</li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}
