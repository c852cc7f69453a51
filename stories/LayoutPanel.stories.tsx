import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LayoutPanel } from '../src/panels/LayoutPanel';

const meta = {
  title: 'Panels/LayoutPanel',
  component: LayoutPanel,
  args: { onPause: fn(), onResume: fn(), onSave: fn(), engine: 'CPU workers' },
} satisfies Meta<typeof LayoutPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LayingOut: Story = {
  args: { state: 'laying-out', iteration: 340 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Laying out: iteration 340 (CPU workers)');
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    await expect(args.onPause).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Save galaxy' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
  },
};

export const Paused: Story = {
  args: { state: 'paused', iteration: 340 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Layout paused at iteration 340');
    await expect(canvas.queryByRole('button', { name: 'Pause' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Resume' }));
    await expect(args.onResume).toHaveBeenCalledOnce();
  },
};

export const Settled: Story = {
  args: { state: 'settled', iteration: 1200 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Laid out in 1200 iterations (CPU workers)');
    await expect(canvas.queryByRole('button', { name: /Pause|Resume/ })).toBeNull();
  },
};

export const Saving: Story = {
  args: { state: 'settled', iteration: 1200, saving: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

export const LayoutError: Story = {
  args: { state: 'error', iteration: 12, message: 'The layout stopped: the worker failed (out of memory?)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('The layout stopped: the worker failed (out of memory?)');
    await expect(canvas.getByRole('button', { name: 'Save galaxy' })).toBeEnabled();
  },
};
