import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatsLine } from '../src/panels/StatsLine';

const meta = {
  title: 'Panels/StatsLine',
  component: StatsLine,
} satisfies Meta<typeof StatsLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Npm: Story = {
  args: { name: 'npm', starCount: 195689, edgeCount: 473907 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('galaxy-stats')).toHaveTextContent(
      'npm · 195,689 stars · 473,907 links',
    );
  },
};

export const OneStarNoLinks: Story = {
  args: { name: 'tiny', starCount: 1, edgeCount: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('galaxy-stats')).toHaveTextContent('tiny · 1 star · 0 links');
  },
};

export const MarkupInName: Story = {
  args: { name: '<img src=x onerror=alert(1)>', starCount: 12, edgeCount: 1 },
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByTestId('galaxy-stats');
    await expect(line).toHaveTextContent('<img src=x onerror=alert(1)> · 12 stars · 1 link');
    await expect(line.querySelector('img')).toBeNull();
  },
};
