import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HoverTooltip } from '../src/panels/HoverTooltip';

const meta = {
  title: 'Panels/HoverTooltip',
  component: HoverTooltip,
} satisfies Meta<typeof HoverTooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Package: Story = {
  args: {
    name: 'lodash',
    inDegree: 31337,
    outDegree: 0,
    inDegreeLabel: 'dependents',
    outDegreeLabel: 'dependencies',
    left: 200,
    top: 150,
  },
  play: async ({ canvasElement }) => {
    const tooltip = within(canvasElement).getByRole('tooltip');
    await expect(tooltip).toHaveTextContent('lodash');
    await expect(tooltip).toHaveTextContent('31,337 dependents · 0 dependencies');
    const box = tooltip.getBoundingClientRect();
    await expect(box.left).toBe(220);
    await expect(box.top).toBe(115);
  },
};

export const PlainDegrees: Story = {
  args: { name: 'AS3356', inDegree: 1, outDegree: 4211, left: 10, top: 300 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tooltip')).toHaveTextContent('1 in · 4,211 out');
  },
};

export const MarkupInLabel: Story = {
  args: { name: '<img src=x onerror=alert(1)>', inDegree: 2, outDegree: 3, left: 100, top: 100 },
  play: async ({ canvasElement }) => {
    const tooltip = within(canvasElement).getByRole('tooltip');
    await expect(tooltip).toHaveTextContent('<img src=x onerror=alert(1)>');
    await expect(tooltip.querySelector('img')).toBeNull();
  },
};

export const LongName: Story = {
  args: {
    name: '@some-very-long-organisation-name/an-extremely-long-package-name-that-never-seems-to-end',
    inDegree: 12,
    outDegree: 48,
    left: 40,
    top: 200,
  },
  play: async ({ canvasElement }) => {
    const tooltip = within(canvasElement).getByRole('tooltip');
    await expect(tooltip.getBoundingClientRect().width).toBeLessThanOrEqual(320);
  },
};

/** A star of a tiled galaxy whose name shard is still on its way: named by its id, degrees '?', set apart. */
export const NamePending: Story = {
  args: {
    name: '81234',
    inDegree: '?',
    outDegree: '?',
    inDegreeLabel: 'dependents',
    outDegreeLabel: 'dependencies',
    left: 200,
    top: 150,
    pending: true,
  },
  play: async ({ canvasElement }) => {
    const tooltip = within(canvasElement).getByRole('tooltip');
    await expect(tooltip).toHaveTextContent('81234');
    await expect(tooltip).toHaveTextContent('? dependents · ? dependencies');
    await expect(tooltip).toHaveAttribute('aria-busy', 'true');
    const name = tooltip.querySelector('.hover-tooltip__name') as HTMLElement;
    await expect(getComputedStyle(name).fontStyle).toBe('italic');
  },
};

/** Degrees are in (they come with the star's tile) but the name is not yet. */
export const DegreesInNamePending: Story = {
  args: { name: '5', inDegree: 1730, outDegree: 2, inDegreeLabel: 'dependents', outDegreeLabel: 'dependencies', left: 60, top: 90, pending: true },
  play: async ({ canvasElement }) => {
    const tooltip = within(canvasElement).getByRole('tooltip');
    await expect(tooltip).toHaveTextContent('1,730 dependents · 2 dependencies');
    await expect(tooltip).toHaveAttribute('aria-busy', 'true');
  },
};
