import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConstellationsPanel } from '../src/panels/ConstellationsPanel';
import { SearchBox } from '../src/panels/SearchBox';
import { StatsLine } from '../src/panels/StatsLine';
import { longNamedConstellations, topConstellations } from './support/constellations';

const meta = {
  title: 'Panels/ConstellationsPanel',
  component: ConstellationsPanel,
  args: { constellations: topConstellations(12), onChoose: fn(), onSearchIn: fn() },
} satisfies Meta<typeof ConstellationsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

function rows(canvasElement: HTMLElement): HTMLButtonElement[] {
  return [...within(canvasElement).getByTestId('constellations-panel').querySelectorAll<HTMLButtonElement>('.constellation-button')];
}

/** Seen from where no constellation's centre is in view. */
export const Empty: Story = {
  args: { constellations: [] },
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('region', { name: 'Constellations' });
    await expect(within(panel).getByText('No constellation in view.')).toBeVisible();
    await expect(within(panel).getByRole('button', { name: /Constellations/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(rows(canvasElement)).toHaveLength(0);
  },
};

/** The biggest in view, biggest first, each with its colour, name and size in the ecosystem's words. */
export const Many: Story = {
  play: async ({ canvasElement, args }) => {
    const listed = rows(canvasElement);
    await expect(listed).toHaveLength(12);
    await expect(listed[0]).toHaveTextContent('react · react-dom13,984 packages');
    await expect(listed[0]).toHaveAttribute('title', 'react · react-dom · 13,984 packages');
    await expect(listed[11]).toHaveTextContent('mocha · chai990 packages');
    // Each its own colour: the first twelve of the palette differ.
    const swatches = listed.map((row) => getComputedStyle(row.querySelector('.constellation-button__swatch') as Element).backgroundColor);
    await expect(new Set(swatches).size).toBe(12);
    await expect(listed.every((row) => row.getAttribute('aria-pressed') === 'false')).toBe(true);
    await userEvent.click(listed[2]);
    await expect(args.onChoose).toHaveBeenLastCalledWith({ level: 1, id: 2 });
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Search in aws-sdk · @aws-sdk/client-s3 · 7,650 packages' }));
    await expect(args.onSearchIn).toHaveBeenLastCalledWith({ level: 1, id: 3 });
    // The list scrolls inside the panel, which ends inside the window.
    const panel = within(canvasElement).getByTestId('constellations-panel');
    await expect(panel.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
  },
};

/** The constellation highlighted reads as pressed; a second click is the container's to clear it. */
export const OneHighlighted: Story = {
  args: { highlighted: { level: 1, id: 2 } },
  play: async ({ canvasElement, args }) => {
    const listed = rows(canvasElement);
    await expect(listed.map((row) => row.getAttribute('aria-pressed'))).toEqual(listed.map((_, i) => String(i === 2)));
    await expect(getComputedStyle(listed[2]).borderColor).not.toBe(getComputedStyle(listed[1]).borderColor);
    await userEvent.click(listed[2]);
    await expect(args.onChoose).toHaveBeenLastCalledWith({ level: 1, id: 2 });
  },
};

/** Long names are cut with an ellipsis, the full name in the title; markup in a name stays text. */
export const LongNames: Story = {
  args: { constellations: longNamedConstellations() },
  play: async ({ canvasElement }) => {
    const listed = rows(canvasElement);
    const name = listed[0].querySelector('.constellation-button__name') as HTMLElement;
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    await expect(getComputedStyle(name).textOverflow).toBe('ellipsis');
    await expect(listed[0]).toHaveAttribute(
      'title',
      '@an-organisation-with-a-long-name/and-a-package-with-an-even-longer-name · @another-organisation/yet-another-very-long-package-name · 123,456 packages',
    );
    // The size stays whole beside the cut name.
    await expect(within(listed[0]).getByText('123,456 packages')).toBeVisible();
    const size = listed[0].querySelector('.constellation-button__size') as HTMLElement;
    await expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth + 1);
    await expect(listed[1]).toHaveTextContent('<img src=x onerror=alert(1)> · <b>bold</b>');
    await expect(canvasElement.querySelector('img, b')).toBeNull();
    const panel = within(canvasElement).getByTestId('constellations-panel');
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
  },
};

/** A galaxy whose search cannot be limited (a tiled one): no "search in" buttons. */
export const WithoutLimitedSearch: Story = {
  args: { onSearchIn: undefined },
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement)).toHaveLength(12);
    await expect(within(canvasElement).queryByRole('button', { name: /^Search in/ })).toBeNull();
  },
};

/** Small screens: the panel starts folded to its heading, and unfolds on a click. */
export const Compact: Story = {
  args: { compact: true },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: /Constellations/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(rows(canvasElement)).toHaveLength(0);
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(rows(canvasElement)).toHaveLength(12);
  },
};

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** On the galaxy screen the panel covers neither the search box (with its status line) nor the stats line. */
export const BesideSearchBoxAndStatsLine: Story = {
  render: (args) => (
    <>
      <SearchBox onSubmit={() => undefined} status="No matches" />
      <ConstellationsPanel {...args} />
      <div style={{ position: 'fixed', left: 12, bottom: 4, zIndex: 1 }}>
        <StatsLine name="npm" starCount={195689} edgeCount={473907} />
      </div>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByTestId('constellations-panel').getBoundingClientRect();
    await expect(overlaps(panel, canvas.getByRole('search').getBoundingClientRect())).toBe(false);
    await expect(overlaps(panel, canvas.getByText('No matches').getBoundingClientRect())).toBe(false);
    await expect(overlaps(panel, canvas.getByTestId('galaxy-stats').getBoundingClientRect())).toBe(false);
  },
};
