import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StreamingStatsLine } from '../src/panels/StreamingStatsLine';

const meta = {
  title: 'Panels/StreamingStatsLine',
  component: StreamingStatsLine,
} satisfies Meta<typeof StreamingStatsLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StarsOnlyLinksAndLabelsStreaming: Story = {
  args: { name: 'npm', drawnStars: 195689, starCount: 195689, waitingFor: ['links', 'labels'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('galaxy-stats-streaming')).toHaveTextContent(
      'npm · 195,689 of 195,689 stars drawn · streaming links, labels',
    );
  },
};

export const LinksInLabelsStreaming: Story = {
  args: { name: 'npm', drawnStars: 195689, starCount: 195689, edgeCount: 473907, waitingFor: ['labels'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('galaxy-stats-streaming')).toHaveTextContent(
      'npm · 195,689 of 195,689 stars drawn · 473,907 links · streaming labels',
    );
  },
};

export const PartOfTheStarsDrawn: Story = {
  args: { name: 'big', drawnStars: 1500000, starCount: 10000000, waitingFor: ['tiles'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('galaxy-stats-streaming')).toHaveTextContent(
      'big · 1,500,000 of 10,000,000 stars drawn · streaming tiles',
    );
  },
};

export const OneStarNothingPending: Story = {
  args: { name: 'tiny', drawnStars: 1, starCount: 1, edgeCount: 1, waitingFor: [] },
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByTestId('galaxy-stats-streaming');
    await expect(line).toHaveTextContent('tiny · 1 of 1 star drawn · 1 link');
    await expect(line).not.toHaveTextContent('streaming');
  },
};

/** A tiled galaxy within its star budget: drawn of all, every link counted, tiles on their way. */
export const TiledGalaxyStreamingTiles: Story = {
  args: { name: 'big', drawnStars: 2_400_000, starCount: 10_000_000, edgeCount: 25_000_000, waitingFor: ['tiles'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('galaxy-stats-streaming')).toHaveTextContent(
      'big · 2,400,000 of 10,000,000 stars drawn · 25,000,000 links · streaming tiles',
    );
  },
};

/** A tiled galaxy at rest: what the budget allows is drawn and nothing is on its way. */
export const TiledGalaxySettled: Story = {
  args: { name: 'big', drawnStars: 2_400_000, starCount: 10_000_000, edgeCount: 25_000_000, waitingFor: [] },
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByTestId('galaxy-stats-streaming');
    await expect(line).toHaveTextContent('big · 2,400,000 of 10,000,000 stars drawn · 25,000,000 links');
    await expect(line).not.toHaveTextContent('streaming');
  },
};
