import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SteeringOverlay } from '../src/panels/SteeringOverlay';

const meta = {
  title: 'Panels/SteeringOverlay',
  component: SteeringOverlay,
} satisfies Meta<typeof SteeringOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  args: { active: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Press SPACE to deactivate steering mode',
    );
  },
};

export const Inactive: Story = {
  args: { active: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/deactivate steering mode/)).toBeNull();
  },
};
