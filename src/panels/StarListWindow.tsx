import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { DegreeValue } from '../ecosystems/degreeLabels';
import { formatCount, formatDegree } from '../ecosystems/formatCount';
import { Avatar } from './Avatar';
import './panel.css';
import './StarListWindow.css';

/** docs/rules.md#panels: one row of a node list. */
export interface StarListRow {
  id: number;
  name: string;
  /** Avatar address (github). */
  icon?: string;
  /** A count, or '?' until it has arrived. */
  in: DegreeValue;
  out: DegreeValue;
  /** The name or a degree is a placeholder until its shard arrives (docs/rules.md#panels). */
  pending?: boolean;
}

export interface StarListWindowProps {
  /** Title line, e.g. 'react has 1,234 dependents' or 'Search results'. */
  title: string;
  /** Count line under the title, e.g. '1,234 matches'; omitted when absent. */
  countText?: string;
  /** Number of rows; rows are built on demand, so a list of every node costs no objects per row. */
  rowCount: number;
  /** The row at `index` (0 <= index < rowCount); called only for rows on screen. */
  getRow: (index: number) => StarListRow;
  /** The visitor clicked a name: the route focuses the camera on it and selects it. */
  onClickName: (row: StarListRow) => void;
  onClose: () => void;
  /** Column headers for the degree figures; default 'in' and 'out'. */
  inHeader?: string;
  outHeader?: string;
  /** Shown instead of rows when rowCount is 0. */
  emptyText?: string;
  /** The rows are still on their way (a neighbour list not fetched yet): shows `loadingText` instead. */
  loading?: boolean;
  loadingText?: string;
  /** Which list this is: a new key scrolls back to the top. Default: the title and row count, so a list growing under the same key keeps its place. */
  listKey?: string;
  /** Where the window floats; 'none' leaves positioning to the parent. */
  placement?: 'left' | 'right' | 'none';
  /** Identifies the window (e.g. 'degree', 'search-results') for tests and styling. */
  windowKey?: string;
}

/** Height of one row in px (docs/rules.md#panels). */
export const NODE_LIST_ROW_HEIGHT = 20;
const VISIBLE_ROWS_AT_MOST = 18;

/** docs/rules.md#panels: what a node list says while its rows are on their way. */
export const NODE_LIST_LOADING_TEXT = 'Loading…';

/** Adapts a plain array to the rowCount/getRow pair. */
export function rowsFromArray(rows: readonly StarListRow[]): Pick<StarListWindowProps, 'rowCount' | 'getRow'> {
  return { rowCount: rows.length, getRow: (index) => rows[index] };
}

/** A list of nodes with their degrees in virtual rows 20 px high: the degree list and the search results. */
export function StarListWindow({
  title,
  countText,
  rowCount,
  getRow,
  onClickName,
  onClose,
  inHeader = 'in',
  outHeader = 'out',
  emptyText = 'Nothing to show.',
  loading = false,
  loadingText = NODE_LIST_LOADING_TEXT,
  listKey,
  placement = 'left',
  windowKey,
}: StarListWindowProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => NODE_LIST_ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 340, height: NODE_LIST_ROW_HEIGHT * VISIBLE_ROWS_AT_MOST },
  });
  // A new list (another node, another search) starts at its top.
  const scrollKey = listKey ?? `${title}\n${rowCount}`;
  useEffect(() => {
    if (scrollerRef.current) scrollerRef.current.scrollTop = 0;
  }, [scrollKey]);
  const className = ['star-list-window', 'galaxy-panel', placement !== 'none' ? `star-list-window--${placement}` : '']
    .filter(Boolean)
    .join(' ');
  const scrollerHeight = Math.min(rowCount, VISIBLE_ROWS_AT_MOST) * NODE_LIST_ROW_HEIGHT;

  return (
    <section className={className} aria-label={title} aria-busy={loading || undefined} data-window-key={windowKey}>
      <header className="star-list-window__header">
        <h2 className="star-list-window__heading">
          <span className="star-list-window__title" title={title}>
            {title}
          </span>
          {countText ? <span className="star-list-window__count">{countText}</span> : null}
        </h2>
        <button type="button" className="galaxy-icon-button" aria-label={`Close ${title}`} onClick={onClose}>
          ×
        </button>
      </header>
      {loading ? (
        <p className="star-list-window__empty" role="status">
          {loadingText}
        </p>
      ) : rowCount === 0 ? (
        <p className="star-list-window__empty">{emptyText}</p>
      ) : (
        <>
          <div className="star-list-window__columns" aria-hidden="true">
            <span>name</span>
            <span>{inHeader}</span>
            <span>{outHeader}</span>
          </div>
          <div
            ref={scrollerRef}
            className="star-list-window__scroller"
            style={{ height: scrollerHeight }}
            role="list"
            aria-label={`${title}: ${formatCount(rowCount)} rows`}
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = getRow(item.index);
                return (
                  <div
                    key={item.key}
                    className={row.pending ? 'star-list-window__row star-list-window__row--pending' : 'star-list-window__row'}
                    role="listitem"
                    aria-busy={row.pending || undefined}
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <button
                      type="button"
                      className="galaxy-link-button star-list-window__name"
                      title={row.name}
                      onClick={() => onClickName(row)}
                    >
                      {row.icon ? (
                        <Avatar className="star-list-window__icon" src={row.icon} name={row.name} size={16} />
                      ) : null}
                      <span className="star-list-window__name-text">{row.name}</span>
                    </button>
                    <span aria-label={inHeader}>{formatDegree(row.in)}</span>
                    <span aria-label={outHeader}>{formatDegree(row.out)}</span>
                  </div>
                );
              })}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
