import { useSyncExternalStore } from 'react';
import { HISTORY_KEY, splitHash } from './viewQuery';

/**
 * Hash routing for wouter with the `_k` history-state key (docs/rules.md#routes): the route path is
 * the hash up to '?', the hash's own query is the route's search, and every navigation records a
 * fresh `{ _k }` key in history.state so back/forward entries stay distinguishable.
 */
export type HistoryState = { [HISTORY_KEY]: string } & Record<string, unknown>;

let listeners: Array<() => void> = [];

function notify(): void {
  // Plain links and edited addresses make entries without a key; give them one.
  ensureHistoryKey();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.push(listener) === 1) {
    addEventListener('hashchange', notify);
    addEventListener('popstate', notify);
  }
  return () => {
    listeners = listeners.filter((other) => other !== listener);
    if (listeners.length === 0) {
      removeEventListener('hashchange', notify);
      removeEventListener('popstate', notify);
    }
  };
}

export function historyKey(): string {
  return Math.random().toString(36).slice(2, 8);
}

const currentPath = (): string => splitHash(location.hash).path;
const currentQuery = (): string => splitHash(location.hash).query;

export interface NavigateOptions {
  replace?: boolean;
  state?: Record<string, unknown>;
}

/** Goes to a hash route ('/galaxy/npm?l=1'); the page's own query before the hash is kept. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  const state: HistoryState = { ...(options.state ?? {}), [HISTORY_KEY]: historyKey() };
  history[options.replace ? 'replaceState' : 'pushState'](state, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

/** wouter location hook over the hash path (without the hash's query). */
export function useHashPath(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}

/** wouter search hook over the hash's query. */
export function useHashQuery(): string {
  return useSyncExternalStore(subscribe, currentQuery, () => '');
}

useHashPath.searchHook = useHashQuery;
useHashPath.hrefs = (href: string): string => `#${href}`;

/** Gives the current entry a `_k` key when it has none (the first page load). */
export function ensureHistoryKey(): void {
  const state: unknown = history.state;
  if (state && typeof state === 'object' && HISTORY_KEY in state) return;
  const base = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  history.replaceState({ ...base, [HISTORY_KEY]: historyKey() }, '', location.href);
}
