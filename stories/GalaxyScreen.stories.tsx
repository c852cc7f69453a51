import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { presentStarInfo } from '../src/ecosystems/presentStar';
import { AboutLink } from '../src/panels/AboutLink';
import { StarDetails } from '../src/panels/StarDetails';
import { type StarListRow, StarListWindow } from '../src/panels/StarListWindow';
import { SearchBox } from '../src/panels/SearchBox';
import { StatsLine } from '../src/panels/StatsLine';

const row = (index: number): StarListRow => ({ id: index, name: `package-number-${index}`, in: index * 7, out: index % 5 });

/** Every floating panel of the galaxy screen at once, as a visitor sees them after a search and a click. */
function GalaxyScreenPanels() {
  return (
    <div style={{ position: 'fixed', inset: 0, background: 'radial-gradient(circle at 40% 50%, #1b2340, #000 70%)' }}>
      <SearchBox initialValue="package" status="2,000 matches" onSubmit={fn()} />
      <StarListWindow
        windowKey="degree"
        placement="left"
        title="express has 30 dependencies"
        rowCount={30}
        getRow={row}
        onClickName={fn()}
        onClose={fn()}
      />
      <StarListWindow
        windowKey="search-results"
        placement="right"
        title="Search results"
        countText="2,000 matches"
        rowCount={2000}
        getRow={row}
        onClickName={fn()}
        onClose={fn()}
      />
      <StarDetails
        star={presentStarInfo('npm', { id: 1, name: 'express', in: 12034, out: 30 })}
        onShowConnections={fn()}
        onClose={fn()}
      />
      <StatsLine name="npm" starCount={195689} edgeCount={473907} />
      <AboutLink />
    </div>
  );
}

const meta = {
  title: 'Galaxy/AllPanels',
  component: GalaxyScreenPanels,
} satisfies Meta<typeof GalaxyScreenPanels>;

export default meta;
type Story = StoryObj<typeof meta>;

function overlap(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
}

/** The panels share the screen without covering one another, on wide and narrow screens alike. */
export const NoPanelCoversAnother: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panels: [string, HTMLElement][] = [
      ['search box', canvas.getByRole('search')],
      ['degree list', canvasElement.querySelector('[data-window-key="degree"]') as HTMLElement],
      ['search results', canvasElement.querySelector('[data-window-key="search-results"]') as HTMLElement],
      ['details', canvas.getByTestId('star-details')],
      ['stats', canvas.getByTestId('galaxy-stats')],
      ['about', canvas.getByRole('link', { name: 'About...' })],
    ];
    const covered: string[] = [];
    for (let i = 0; i < panels.length; i++) {
      for (let j = i + 1; j < panels.length; j++) {
        const [nameA, a] = panels[i];
        const [nameB, b] = panels[j];
        if (overlap(a.getBoundingClientRect(), b.getBoundingClientRect())) covered.push(`${nameA} / ${nameB}`);
      }
    }
    await expect(covered).toEqual([]);
  },
};
