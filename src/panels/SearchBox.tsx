import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import './panel.css';
import './SearchBox.css';

export interface SearchBoxProps {
  /** Text the box starts with (e.g. restored from the address). */
  initialValue?: string;
  /** Called on every edit with the whole text. */
  onChange?: (text: string) => void;
  /** Called when the visitor presses Enter (commands starting with ':' run on submit). */
  onSubmit: (text: string) => void;
  /** A line under the box: a count, or why a search stopped (e.g. a pattern that ran too long). */
  status?: string;
  /** Shows `status` as an error. */
  statusIsError?: boolean;
  /** A search is running. */
  busy?: boolean;
  /** The constellation searches are limited to, shown as a chip in the box (docs/rules.md#search). */
  scope?: { name: string; colour: string };
  /** The chip's remove button (or Backspace in an empty box): search every star again. */
  onClearScope?: () => void;
}

/**
 * docs/rules.md#panels: the search box (placeholder 'enter a search term'). Key presses inside it
 * do not reach the page, so typing 'w' or 'l' neither flies the camera nor toggles links.
 */
export function SearchBox({ initialValue = '', onChange, onSubmit, status, statusIsError, busy, scope, onClearScope }: SearchBoxProps) {
  const [text, setText] = useState(initialValue);
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const scopeName = scope?.name;
  // A search newly limited to a constellation: the caret goes to the box, to type what to find there.
  useEffect(() => {
    if (scopeName !== undefined) input.current?.focus();
  }, [scopeName]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(text);
  };
  const keepKeysInBox = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') event.currentTarget.blur();
    if (event.key === 'Backspace' && text.length === 0 && scope) onClearScope?.();
    event.stopPropagation();
  };

  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <div className="search-box__field galaxy-panel">
        <span className="search-box__glyph" aria-hidden="true">
          ⌕
        </span>
        {scope ? (
          <span className="search-box__scope" data-testid="search-scope" title={`Searching in ${scope.name}`}>
            <span className="search-box__scope-swatch" style={{ background: scope.colour }} aria-hidden="true" />
            <span className="search-box__scope-name">in {scope.name}</span>
            {onClearScope ? (
              <button type="button" className="search-box__scope-remove" aria-label="Search every star" onClick={onClearScope}>
                ×
              </button>
            ) : null}
          </span>
        ) : null}
        <input
          ref={input}
          className="search-box__input"
          type="text"
          aria-label="Search stars"
          aria-describedby={statusId}
          placeholder="enter a search term"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onChange?.(event.target.value);
          }}
          onKeyDown={keepKeysInBox}
          onKeyUp={(event) => event.stopPropagation()}
        />
        {busy ? <span className="search-box__busy" role="progressbar" aria-label="Searching" /> : null}
      </div>
      <p
        id={statusId}
        className={statusIsError ? 'search-box__status search-box__status--error' : 'search-box__status'}
        role={statusIsError ? 'alert' : 'status'}
      >
        {status ?? ''}
      </p>
    </form>
  );
}
