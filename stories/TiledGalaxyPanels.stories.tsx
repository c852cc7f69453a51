import type { Meta, StoryObj } from '@storybook/react-vite';
import { atom, createStore, Provider, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SearchBox } from '../src/panels/SearchBox';
import { DetailsContainer } from '../src/routes/DetailsContainer';
import { HoverContainer } from '../src/routes/HoverContainer';
import { StarStatsContainer } from '../src/routes/StarStatsContainer';
import { WarningsContainer } from '../src/routes/WarningsContainer';
import { WindowsContainer } from '../src/routes/WindowsContainer';
import { useGalaxySearch } from '../src/search/useGalaxySearch';
import { searchStatusAtom } from '../src/state/search/atoms';
import { startSearchSync } from '../src/state/search/searchSync';
import { searchedGalaxyOf } from '../src/stars/shownGalaxy';
import { hoverAtom, selectedStarAtom } from '../src/state/selection/atoms';
import { showDegreeWindowAtom, showSearchResultsAtom } from '../src/state/windows/atoms';
import { FakeTiledGalaxy } from '../tests/support/fakeTiledGalaxy';

/**
 * The galaxy screen's containers over a tiled galaxy whose shards arrive while the visitor looks:
 * each story's play makes shards arrive and checks that the panels fill in by themselves.
 */
const labels = ['react', 'lodash', 'express', 'left-pad', 'chalk', 'debug', 'ms', 'commander'];
const outLinks = [[], [], [0, 1], [], [3], [6], [], [0, 1, 3]];

function setup() {
  const galaxy = new FakeTiledGalaxy({ name: 'big', labels, outLinks, shardSize: 4, drawnStars: 5 });
  const store = createStore();
  return { galaxy, store };
}

function TiledPanels({ galaxy, store }: ReturnType<typeof setup>) {
  return (
    <Provider store={store}>
      <HoverContainer catalog={galaxy} kind="npm" />
      <DetailsContainer catalog={galaxy} kind="npm" />
      <WindowsContainer catalog={galaxy} kind="npm" onFocus={() => undefined} />
      <WarningsContainer catalog={galaxy} />
      <div style={{ position: 'fixed', left: 12, bottom: 4 }}>
        <StarStatsContainer name={galaxy.name} edgeCount={galaxy.edgeCount} stars={galaxy.stars} waitingFor={[]} />
      </div>
    </Provider>
  );
}

// The galaxy and store are closed over, not passed as args: Storybook would copy args.
const meta: Meta = { title: 'Galaxy/TiledGalaxyPanels' };

export default meta;
type Story = StoryObj;

const hovered = setup();
hovered.store.set(hoverAtom, { id: 4, left: 300, top: 200 });

/** The tooltip names the star by its id until its label shard is in, then by its name. */
export const TooltipFillsInAsShardsArrive: Story = {
  render: () => <TiledPanels {...hovered} />,
  play: async ({ canvasElement }) => {
    const { galaxy } = hovered;
    const tooltip = within(canvasElement).getByTestId('hover-tooltip');
    await expect(tooltip).toHaveTextContent('4? dependents · ? dependencies');
    await expect(tooltip).toHaveAttribute('aria-busy', 'true');
    await expect([...galaxy.askedLabelShards]).toEqual([1]);
    galaxy.arriveAdjacency(1);
    await waitFor(() => expect(tooltip).toHaveTextContent('0 dependents · 1 dependency'));
    galaxy.arriveLabels(1);
    await waitFor(() => expect(tooltip).toHaveTextContent('chalk0 dependents · 1 dependency'));
    await expect(tooltip).not.toHaveAttribute('aria-busy');
  },
};

const selected = setup();
selected.store.set(selectedStarAtom, 0);

/** Details of a star whose shards are on their way; its degree list says "Loading…" until the neighbours are in. */
export const DetailsAndDegreeWindowWaitForShards: Story = {
  render: () => <TiledPanels {...selected} />,
  play: async ({ canvasElement }) => {
    const { galaxy, store } = selected;
    const canvas = within(canvasElement);
    const details = canvas.getByTestId('star-details');
    await expect(details).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByTestId('degree-in')).toBeDisabled();
    galaxy.arriveLabels(0);
    await waitFor(() => expect(canvas.getByRole('heading', { name: /react/ })).toBeVisible());
    // The degree window opened before the adjacency shard: its title waits with '?', its rows with "Loading…".
    store.set(showDegreeWindowAtom, { starId: 0, direction: 'in' });
    await waitFor(() => expect(canvasElement.querySelector('[data-window-key="degree"]')).not.toBeNull());
    const window_ = canvasElement.querySelector('[data-window-key="degree"]') as HTMLElement;
    await expect(window_).toHaveTextContent('react has ? dependents');
    await expect(within(window_).getByRole('status')).toHaveTextContent('Loading…');
    galaxy.arriveAdjacency(0);
    await waitFor(() => expect(window_).toHaveTextContent('react has 2 dependents'));
    // express shares react's shards; commander's are still to come, so it is named by its id.
    const rows = within(window_).getAllByRole('listitem');
    await expect(rows.map((row) => row.textContent)).toEqual(['express02', '7??']);
    await expect([...galaxy.askedLabelShards]).toContain(1);
    galaxy.arriveLabels(1);
    galaxy.arriveAdjacency(1);
    await waitFor(() => expect(within(window_).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['express02', 'commander03']));
  },
};

const searched = setup();
searched.store.set(showSearchResultsAtom, { pattern: 'e', ids: Uint32Array.from([2, 3]) });

/** Search results are star numbers: rows ask for their names and fill in. */
export const SearchResultsFillIn: Story = {
  render: () => <TiledPanels {...searched} />,
  play: async ({ canvasElement }) => {
    const { galaxy, store } = searched;
    const results = canvasElement.querySelector('[data-window-key="search-results"]') as HTMLElement;
    await expect(results).toHaveTextContent('2 matches');
    galaxy.arriveLabels(0);
    await waitFor(() => expect(within(results).getAllByRole('listitem')[0]).toHaveTextContent('express'));
    store.set(showSearchResultsAtom, { pattern: 'e', ids: Uint32Array.from([2, 3, 4, 5, 7]) });
    await waitFor(() => expect(results).toHaveTextContent('5 matches'));
    await expect(within(results).getAllByRole('listitem')).toHaveLength(5);
  },
};

const losing = setup();

/** The stats line follows the planner's drawn stars; lost regions show as data warnings, again after a dismissal when one more is lost. */
export const StatsAndMissingRegions: Story = {
  render: () => <TiledPanels {...losing} />,
  play: async ({ canvasElement }) => {
    const { galaxy } = losing;
    const canvas = within(canvasElement);
    const stats = canvas.getByTestId('galaxy-stats-streaming');
    await expect(stats).toHaveTextContent('big · 5 of 8 stars drawn · 7 links · streaming tiles');
    galaxy.stars.draw(7);
    await waitFor(() => expect(stats).toHaveTextContent('big · 7 of 8 stars drawn'));
    // Every star drawn: the classic galaxy's stats line.
    galaxy.stars.draw(8);
    await waitFor(() => expect(canvas.getByTestId('galaxy-stats')).toHaveTextContent('big · 8 stars · 7 links'));
    await expect(canvas.queryByRole('status', { name: 'Data warnings' })).toBeNull();
    galaxy.loseRegion('tile 9 (x 0..500, y 0..500, z 0..500)');
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Data warnings' })).toHaveTextContent('1 problem in this galaxy’s files'));
    await userEvent.click(canvas.getByRole('button', { name: 'Details' }));
    await expect(canvas.getByRole('listitem')).toHaveTextContent(
      'Could not be loaded: tile 9 (x 0..500, y 0..500, z 0..500)',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss data warnings' }));
    await expect(canvas.queryByRole('status', { name: 'Data warnings' })).toBeNull();
    galaxy.loseRegion('tile 10 (x 500..1000, y 0..500, z 0..500)');
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Data warnings' })).toHaveTextContent('2 problems'));
  },
};

function TiledSearch({ galaxy, store }: ReturnType<typeof setup>) {
  // The viewer's search sync keeps the search (src/state/search/searchSync.ts); here over this galaxy alone.
  useEffect(() => startSearchSync(store, { galaxy: atom(searchedGalaxyOf({ tiled: galaxy })) }), [galaxy, store]);
  return (
    <Provider store={store}>
      <SearchScreen galaxy={galaxy} />
    </Provider>
  );
}

function SearchScreen({ galaxy }: { galaxy: FakeTiledGalaxy }) {
  const search = useGalaxySearch(() => undefined);
  const status = useAtomValue(searchStatusAtom);
  return (
    <>
      <SearchBox onChange={search.onChange} onSubmit={search.onSubmit} status={status?.text} statusIsError={status?.isError} />
      <WindowsContainer catalog={galaxy} kind="npm" onFocus={() => undefined} />
    </>
  );
}

const searching = (() => {
  const { store } = setup();
  const galaxy = new FakeTiledGalaxy({ name: 'big', labels, outLinks, shardSize: 4, manualSearch: true });
  return { galaxy, store };
})();

/** Typing searches name shard by shard: the results window opens with the matches so far and grows; the box says how far it got. */
export const SearchStreamsResults: Story = {
  render: () => <TiledSearch {...searching} />,
  play: async ({ canvasElement }) => {
    const { galaxy } = searching;
    const canvas = within(canvasElement);
    const status = canvas.getByRole('status');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Search stars' }), 'x');
    // 'x' waits on its first shard; the next keystroke cancels it.
    await waitFor(() => expect(galaxy.waitingSearchShards).toBeGreaterThan(0));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Search stars' }), '{Backspace}e');
    await waitFor(() => expect(galaxy.waitingSearchShards).toBe(1));
    galaxy.releaseSearchShard();
    await waitFor(() => expect(status).toHaveTextContent('Searched 4 of 8 names'));
    const results = canvasElement.querySelector('[data-window-key="search-results"]') as HTMLElement;
    await expect(results).toHaveTextContent('3 matches');
    galaxy.releaseSearchShard();
    await waitFor(() => expect(results).toHaveTextContent('5 matches'));
    await expect(status).toHaveTextContent('');
  },
};
