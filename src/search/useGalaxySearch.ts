import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import type { Graph } from '../data/graph';
import { EMPTY_LABELS } from '../data/labelIndex';
import { formatCount } from '../ecosystems/formatCount';
import { searchBusyAtom, searchStatusAtom } from '../state/search/atoms';
import { selectedNodeAtom } from '../state/selection/atoms';
import { galaxyViewAtom, showLinksAtom } from '../state/view/atoms';
import { hideWindowAtom, showSearchResultsAtom } from '../state/windows/atoms';
import { type CommandHost, createConsoleCommands, runCommand } from './commands';
import { createBrowserSearchWorker, LabelSearch } from './labelSearch';
import { classifySearchInput } from './regexSearch';

/** A spinner only for searches that take a while: a flash of one costs more than it tells. */
export const BUSY_INDICATOR_DELAY_MS = 250;

export function matchesCountText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'match' : 'matches'}`;
}

export interface GalaxySearch {
  /** Every keystroke: a pattern searches (superseding the previous search); commands wait for submit. */
  onChange(text: string): void;
  /** Enter: runs a ':' command, or searches the text now. */
  onSubmit(text: string): void;
}

/**
 * docs/rules.md#search search on the galaxy route: matching runs in a worker, results open the
 * search-results window with their count, no results close it.
 */
export function useGalaxySearch(graph: Graph | undefined, orbit: CommandHost['orbit']): GalaxySearch {
  const store = useStore();
  const setStatus = useSetAtom(searchStatusAtom);
  const setBusy = useSetAtom(searchBusyAtom);
  const showResults = useSetAtom(showSearchResultsAtom);
  const hideWindow = useSetAtom(hideWindowAtom);
  const view = useAtomValue(galaxyViewAtom);
  const searchRef = useRef<LabelSearch | undefined>(undefined);
  const busyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showBusy = useCallback(
    (busy: boolean) => {
      clearTimeout(busyTimer.current);
      if (busy) busyTimer.current = setTimeout(() => setBusy(true), BUSY_INDICATOR_DELAY_MS);
      else setBusy(false);
    },
    [setBusy],
  );
  const latest = useRef({ graph, view, orbit });
  latest.current = { graph, view, orbit };

  useEffect(() => {
    const search = new LabelSearch(createBrowserSearchWorker);
    searchRef.current = search;
    return () => {
      clearTimeout(busyTimer.current);
      search.dispose();
      searchRef.current = undefined;
    };
  }, []);

  useEffect(() => {
    searchRef.current?.setLabels(graph?.data ?? EMPTY_LABELS);
    setStatus(undefined);
    showBusy(false);
  }, [graph, setStatus, showBusy]);

  /** Runs a pattern search; resolves with the match count (undefined when superseded or stopped). */
  const searchPattern = useCallback(
    async (pattern: string): Promise<number | undefined> => {
      const search = searchRef.current;
      if (!search || !latest.current.graph) return undefined;
      showBusy(true);
      const outcome = await search.search(pattern);
      if (outcome.status === 'cancelled') return undefined;
      showBusy(false);
      if (outcome.status === 'stopped') {
        hideWindow('search-results');
        setStatus({ text: outcome.message, isError: true });
        return undefined;
      }
      if (outcome.ids.length > 0) {
        showResults({ pattern, ids: outcome.ids });
        // The results window shows the count; repeating it under the box would only repaint a panel.
        setStatus(undefined);
      } else {
        hideWindow('search-results');
        setStatus({ text: outcome.invalid ? 'Not a valid pattern: nothing matches' : 'No matches', isError: false });
      }
      return outcome.ids.length;
    },
    [showBusy, setStatus, showResults, hideWindow],
  );

  const commands = useRef(
    createConsoleCommands({
      search: async (pattern) => (await searchPattern(pattern)) ?? 0,
      findMatches: async (pattern) => {
        const search = searchRef.current;
        if (!search) return new Uint32Array(0);
        const outcome = await search.search(pattern);
        if (outcome.status === 'stopped') throw new Error(outcome.message);
        return outcome.status === 'done' ? outcome.ids : new Uint32Array(0);
      },
      setHighlighted: (ids, color) => latest.current.view?.setHighlighted(ids, color),
      clearHighlighted: () => latest.current.view?.clearHighlighted(),
      setLinks: (show) => {
        const next = show ?? !store.get(showLinksAtom);
        store.set(showLinksAtom, next);
        return next;
      },
      orbit: (center, radius, ms) => latest.current.orbit(center, radius, ms),
      resolveNode: (target) => {
        const graphNow = latest.current.graph;
        if (!graphNow) return undefined;
        if (typeof target === 'number') return graphNow.has(target) ? target : undefined;
        const id = graphNow.findByName(target);
        if (id >= 0) return id;
        const asNumber = Number(target);
        return target.trim() !== '' && graphNow.has(asNumber) ? asNumber : undefined;
      },
      selectedNode: () => store.get(selectedNodeAtom),
      position: (id) => latest.current.graph?.position(id) ?? [0, 0, 0],
    }),
  );

  const onChange = useCallback(
    (text: string) => {
      const input = classifySearchInput(text);
      if (input.kind === 'pattern') void searchPattern(input.pattern);
      else {
        searchRef.current?.cancel();
        showBusy(false);
      }
    },
    [searchPattern, showBusy],
  );

  const onSubmit = useCallback(
    (text: string) => {
      const input = classifySearchInput(text);
      if (input.kind === 'pattern') void searchPattern(input.pattern);
      if (input.kind !== 'command') return;
      void runCommand(input.script, commands.current).then((result) =>
        setStatus({ text: `${text.trim()} → ${result.message}`, isError: !result.ok }),
      );
    },
    [searchPattern, setStatus],
  );

  return { onChange, onSubmit };
}
