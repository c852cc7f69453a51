import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useState } from 'react';
import { type StarListRow, StarListWindow, rowsFromArray } from '../src/panels/StarListWindow';
import { matchesCountText } from '../src/search/searchStatusText';
import { fakeAvatar } from './support/fakeAvatar';

const fewRows: StarListRow[] = [
  { id: 10, name: 'express', in: 12034, out: 30 },
  { id: 11, name: 'lodash', in: 31337, out: 0 },
  { id: 12, name: 'left-pad', in: 1, out: 0 },
];

/** 200,000 rows built on demand, as a search for '.' over npm gives. */
const manyRows = {
  rowCount: 200_000,
  getRow: (index: number): StarListRow => ({ id: index, name: `package-${index}`, in: index % 97, out: index % 13 }),
};

const meta = {
  title: 'Panels/StarListWindow',
  component: StarListWindow,
  args: {
    title: 'react has 3 dependents',
    ...rowsFromArray(fewRows),
    onClickName: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof StarListWindow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DegreeList: Story = {
  args: { inHeader: 'dependents', outHeader: 'dependencies', windowKey: 'degree' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('react has 3 dependents');
    const rows = canvas.getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('express12,03430');
    await expect(rows[0].getBoundingClientRect().height).toBe(20);
    await userEvent.click(canvas.getByRole('button', { name: 'lodash' }));
    await expect(args.onClickName).toHaveBeenCalledWith(fewRows[1]);
    await userEvent.click(canvas.getByRole('button', { name: 'Close react has 3 dependents' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

export const SearchResults: Story = {
  args: { title: 'Search results', countText: '3 matches', placement: 'left', windowKey: 'search-results' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('Search results3 matches');
  },
};

export const Empty: Story = {
  args: { title: 'leaf has 0 dependencies', rowCount: 0, emptyText: 'No dependencies.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No dependencies.')).toBeVisible();
    await expect(canvas.queryAllByRole('listitem')).toHaveLength(0);
  },
};

/** Only the rows on screen exist; scrolling to the end shows the last row. */
export const ThousandsOfRows: Story = {
  args: { title: 'Search results', countText: '200,000 matches', ...manyRows },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rendered = canvas.getAllByRole('listitem');
    await expect(rendered.length).toBeGreaterThan(5);
    await expect(rendered.length).toBeLessThan(60);
    const scroller = canvas.getByRole('list');
    await expect(scroller).toHaveAccessibleName('Search results: 200,000 rows');
    scroller.scrollTop = scroller.scrollHeight;
    await waitFor(() => expect(canvas.getByRole('button', { name: 'package-199999' })).toBeVisible());
    await userEvent.click(canvas.getByRole('button', { name: 'package-199999' }));
    await expect(args.onClickName).toHaveBeenCalledWith(expect.objectContaining({ id: 199999 }));
  },
};

export const LongNames: Story = {
  args: {
    title: '@an-organisation-with-a-long-name/and-a-package-with-an-even-longer-name has 2 dependents',
    ...rowsFromArray([
      { id: 1, name: '@an-organisation-with-a-long-name/and-a-package-with-an-even-longer-name-still', in: 123456, out: 7890 },
      { id: 2, name: 'x'.repeat(300), in: 1, out: 1 },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const window_ = canvas.getByRole('region');
    // Long names are cut with an ellipsis; the window and the figures stay in place.
    await expect(window_.scrollWidth).toBeLessThanOrEqual(window_.clientWidth + 2);
    for (const row of canvas.getAllByRole('listitem')) {
      await expect(row.getBoundingClientRect().height).toBe(20);
    }
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('123,4567,890');
  },
};

export const MarkupInLabels: Story = {
  args: {
    title: '<b>bold</b> has 2 dependents',
    ...rowsFromArray([
      { id: 1, name: '<img src=x onerror=alert(1)>', in: 1, out: 2 },
      { id: 2, name: '<script>alert(2)</script>', in: 3, out: 4 },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('<b>bold</b> has 2 dependents');
    await expect(canvas.getByRole('button', { name: '<img src=x onerror=alert(1)>' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '<script>alert(2)</script>' })).toBeVisible();
    await expect(canvasElement.querySelector('b, script, img')).toBeNull();
  },
};

export const GithubAvatars: Story = {
  args: {
    title: 'anvaka has 3 followers',
    inHeader: 'followers',
    outHeader: 'following',
    ...rowsFromArray(
      ['torvalds', 'gaearon', 'sindresorhus'].map((login, id) => ({
        id,
        name: login,
        icon: fakeAvatar(login),
        in: 1000 * (id + 1),
        out: id,
      })),
    ),
  },
  play: async ({ canvasElement }) => {
    const icons = canvasElement.querySelectorAll('img');
    await expect(icons).toHaveLength(3);
    await expect(icons[0]).toHaveAttribute('src', fakeAvatar('torvalds'));
    // A row with an avatar is as high as any other row.
    await expect(within(canvasElement).getAllByRole('listitem')[0].getBoundingClientRect().height).toBe(20);
  },
};

/** An avatar that cannot load turns into the login's initial, not a broken-image icon. */
export const AvatarUnavailable: Story = {
  args: {
    title: 'anvaka has 1 follower',
    ...rowsFromArray([{ id: 1, name: 'ghost', icon: 'data:image/png;base64,bm90IGFuIGltYWdl', in: 1, out: 0 }]),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-avatar-fallback]')).toHaveTextContent('G'));
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const KeyboardUse: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'express' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClickName).toHaveBeenCalledWith(fewRows[0]);
  },
};

/** The count at the end of a long title stays readable: the title wraps to a second line. */
export const LongTitleKeepsItsCount: Story = {
  args: { title: 'tricycle/elm-eventstream-with-a-longer-name@1.1.1 has 1,234 dependents' },
  play: async ({ canvasElement }) => {
    const title = within(canvasElement).getByRole('heading', { level: 2 }).querySelector('span') as HTMLElement;
    await expect(title.scrollHeight).toBeLessThanOrEqual(title.clientHeight + 1);
    await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth + 1);
  },
};

/** A tiled galaxy's degree window whose neighbour list is still on its way (its adjacency shard). */
export const NeighboursLoading: Story = {
  args: { title: 'react has 1,730 dependents', rowCount: 0, loading: true, windowKey: 'degree' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…');
    await expect(canvas.getByRole('region')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText('Nothing to show.')).toBeNull();
    await expect(canvas.queryAllByRole('listitem')).toHaveLength(0);
  },
};

/** Rows whose names have not arrived: named by their id, degrees '?' where unknown, set apart. */
export const RowsPending: Story = {
  args: {
    title: 'react has 3 dependents',
    ...rowsFromArray([
      { id: 10, name: 'express', in: 12034, out: 30 },
      { id: 81234, name: '81234', in: '?', out: '?', pending: true },
      { id: 81235, name: '81235', in: 4, out: 1, pending: true },
    ]),
  },
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole('listitem');
    await expect(rows[1]).toHaveTextContent('81234??');
    await expect(rows[1]).toHaveAttribute('aria-busy', 'true');
    await expect(rows[0]).not.toHaveAttribute('aria-busy');
    await expect(getComputedStyle(rows[1].querySelector('.star-list-window__name-text') as HTMLElement).fontStyle).toBe('italic');
  },
};

/** Search results growing as name shards stream in: the list keeps the visitor's place; a new search starts at the top. */
function GrowingResults() {
  const [search, setSearch] = useState({ pattern: 'package', count: 100 });
  return (
    <>
      <StarListWindow
        title="Search results"
        countText={matchesCountText(search.count)}
        listKey={search.pattern}
        rowCount={search.count}
        getRow={manyRows.getRow}
        onClickName={() => undefined}
        onClose={() => undefined}
        placement="left"
        windowKey="search-results"
      />
      <div style={{ position: 'fixed', right: 12, bottom: 12, display: 'flex', gap: 8 }}>
        <button type="button" onClick={() => setSearch((s) => ({ ...s, count: s.count + 100 }))}>
          more matches
        </button>
        <button type="button" onClick={() => setSearch({ pattern: 'other', count: 50 })}>
          new search
        </button>
      </div>
    </>
  );
}

export const ResultsGrowWhileSearching: StoryObj<typeof GrowingResults> = {
  render: () => <GrowingResults />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scroller = canvas.getByRole('list');
    scroller.scrollTop = 600;
    await waitFor(() => expect(scroller.scrollTop).toBe(600));
    await userEvent.click(canvas.getByRole('button', { name: 'more matches' }));
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('200 matches');
    await expect(scroller.scrollTop).toBe(600);
    await userEvent.click(canvas.getByRole('button', { name: 'new search' }));
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('50 matches');
    await waitFor(() => expect(canvas.getByRole('list').scrollTop).toBe(0));
  },
};
