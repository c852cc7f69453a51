import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { GraphicsDeviceLost } from '../src/panels/GraphicsDeviceLost';

const meta = {
  title: 'Panels/GraphicsDeviceLost',
  component: GraphicsDeviceLost,
} satisfies Meta<typeof GraphicsDeviceLost>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Recovery failed: says the device was lost (never that WebGL is missing) and offers to try again. */
export const LostTooOften: Story = {
  args: { losses: 6, reason: 'WebGPU device lost (destroyed): Device was destroyed.', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('The graphics device was lost 6 times in a row and could not be recovered');
    await expect(alert).toHaveTextContent('WebGPU device lost (destroyed): Device was destroyed.');
    await expect(alert).not.toHaveTextContent('Could not initialize WebGL');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** A single loss after which no new renderer could start. */
export const LostOnceNoRestart: Story = {
  args: { losses: 1, reason: 'WebGL context lost', onRetry: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The graphics device was lost once and could not be recovered');
  },
};
