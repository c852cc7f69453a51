import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { galaxySearchingAtom, searchBusyAtom, searchStatusAtom } from '../state/search/atoms';
import { selectedStarAtom } from '../state/selection/atoms';
import { sceneAtom, showLinksAtom } from '../state/view/atoms';
import { hideWindowAtom, showSearchResultsAtom } from '../state/windows/atoms';
import { type CommandHost, type ConsoleCommands, createConsoleCommands, runCommand } from './commands';
import { classifySearchInput } from './regexSearch';
import { searchProgressText } from './searchStatusText';
import { resolveStar } from './starLookup';

/** A spinner only for searches that take a while: a flash of one costs more than it tells. */
export const BUSY_INDICATOR_DELAY_MS = 250;

export interface GalaxySearch {
  /** Every keystroke: a pattern searches (superseding the previous search); commands wait for submit. */
  onChange(text: string): void;
  /** Enter: runs a ':' command, or searches the text now. */
  onSubmit(text: string): void;
}

/**
 * docs/rules.md#search search on the galaxy route: matching runs in a worker (a whole graph) or
 * over name shards as they stream in (a tiled galaxy, whose results window grows and whose status
 * says how far it has searched); results open the search-results window with their count, no
 * results close it. The search itself is the search sync's (src/state/search/searchSync.ts): this
 * hook only reads it.
 */
export function useGalaxySearch(
  orbit: CommandHost['orbit'],
  /** The stars searches are limited to (a constellation's, docs/rules.md#search), or undefined for all. */
  limit?: Uint8Array,
): GalaxySearch {
  const store = useStore();
  const setStatus = useSetAtom(searchStatusAtom);
  const setBusy = useSetAtom(searchBusyAtom);
  const showResults = useSetAtom(showSearchResultsAtom);
  const hideWindow = useSetAtom(hideWindowAtom);
  const view = useAtomValue(sceneAtom);
  const searching = useAtomValue(galaxySearchingAtom);
  const busyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showBusy = useCallback(
    (busy: boolean) => {
      clearTimeout(busyTimer.current);
      if (busy) busyTimer.current = setTimeout(() => setBusy(true), BUSY_INDICATOR_DELAY_MS);
      else setBusy(false);
    },
    [setBusy],
  );
  /** The status line says how far a streamed search has got: clear it when that search is dropped. */
  const progressShown = useRef(false);
  const latest = useRef({ searching, view, orbit, limit });
  latest.current = { searching, view, orbit, limit };
  /** The pattern searched last, searched again when the limit changes. */
  const lastPattern = useRef<string | undefined>(undefined);

  // A search of another galaxy (or none) drops the spinner still waiting to show for the last one.
  useEffect(() => () => clearTimeout(busyTimer.current), [searching]);

  /** Runs a pattern search; resolves with the match count (undefined when superseded or stopped). */
  const searchPattern = useCallback(
    async (pattern: string): Promise<number | undefined> => {
      const search = latest.current.searching?.search;
      if (!search) return undefined;
      showBusy(true);
      const outcome = await search.search(pattern, (progress) => {
        progressShown.current = true;
        // Matches so far of this pattern, never the last pattern's results.
        if (progress.ids.length > 0) showResults({ pattern, ids: progress.ids });
        else hideWindow('search-results');
        setStatus({ text: searchProgressText(progress.searchedNames, progress.totalNames), isError: false });
      });
      if (outcome.status === 'cancelled') return undefined;
      progressShown.current = false;
      showBusy(false);
      if (outcome.status === 'stopped' || outcome.status === 'unreadable') {
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

  // Built once: the commands read the galaxy, view and orbit of the latest render through `latest`.
  const commandsRef = useRef<ConsoleCommands | undefined>(undefined);
  commandsRef.current ??= (() => {
    const findMatches = async (pattern: string): Promise<Uint32Array> => {
      const search = latest.current.searching?.search;
      if (!search) return new Uint32Array(0);
      const outcome = await search.search(pattern);
      if (outcome.status === 'stopped' || outcome.status === 'unreadable') throw new Error(outcome.message);
      return outcome.status === 'done' ? outcome.ids : new Uint32Array(0);
    };
    return createConsoleCommands({
      search: async (pattern) => (await searchPattern(pattern)) ?? 0,
      findMatches,
      setHighlighted: (ids, color) => latest.current.view?.setHighlighted(ids, color),
      clearHighlighted: () => latest.current.view?.clearHighlighted(),
      setLinks: (show) => {
        const next = show ?? !store.get(showLinksAtom);
        store.set(showLinksAtom, next);
        return next;
      },
      orbit: (center, radius, ms) => latest.current.orbit(center, radius, ms),
      resolveStar: (target) => {
        const galaxyNow = latest.current.searching?.galaxy;
        return galaxyNow ? resolveStar(galaxyNow, target, findMatches) : undefined;
      },
      selectedStar: () => store.get(selectedStarAtom),
      position: (id) => {
        const galaxyNow = latest.current.searching?.galaxy;
        return galaxyNow ? galaxyNow.locate(id) : undefined;
      },
    });
  })();
  const commands = commandsRef.current;

  const onChange = useCallback(
    (text: string) => {
      const input = classifySearchInput(text);
      lastPattern.current = input.kind === 'pattern' ? input.pattern : undefined;
      if (input.kind === 'pattern') void searchPattern(input.pattern);
      else {
        latest.current.searching?.search.cancel();
        showBusy(false);
        if (progressShown.current) setStatus(undefined);
        progressShown.current = false;
      }
    },
    [searchPattern, showBusy, setStatus],
  );

  const onSubmit = useCallback(
    (text: string) => {
      const input = classifySearchInput(text);
      lastPattern.current = input.kind === 'pattern' ? input.pattern : undefined;
      if (input.kind === 'pattern') void searchPattern(input.pattern);
      if (input.kind !== 'command') return;
      void runCommand(input.script, commands).then((result) =>
        setStatus({ text: `${text.trim()} → ${result.message}`, isError: !result.ok }),
      );
    },
    [searchPattern, setStatus, commands],
  );

  // A new search (another galaxy) starts with the limit in force.
  useEffect(() => {
    searching?.search.limitTo?.(latest.current.limit);
  }, [searching]);
  // A new limit (a constellation chosen or its chip removed) searches the box's pattern again.
  useEffect(() => {
    const search = latest.current.searching?.search;
    if (!search?.limitTo) return;
    search.limitTo(limit);
    if (lastPattern.current !== undefined) void searchPattern(lastPattern.current);
  }, [limit, searchPattern]);

  return { onChange, onSubmit };
}
