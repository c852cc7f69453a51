import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { HelpOverlay } from '../src/panels/HelpOverlay';

const meta = {
  title: 'Panels/HelpOverlay',
  component: HelpOverlay,
} satisfies Meta<typeof HelpOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {
  args: { visible: true },
  play: async ({ canvasElement }) => {
    const help = within(canvasElement).getByRole('complementary', { name: 'How to fly' });
    const keys = Array.from(help.querySelectorAll('kbd'), (key) => key.textContent);
    for (const key of ['W', 'S', 'A', 'D', 'R', 'F', '↑', '↓', '←', '→', 'Q', 'E', 'Shift', 'Space', 'L', 'H']) {
      await expect(keys).toContain(key);
    }
    await expect(help).toHaveTextContent('4 times faster');
    await expect(help).toHaveTextContent('Mouse');
    await expect(help).toHaveTextContent('two fingers');
    // The help never catches the pointer meant for the stars behind it.
    await expect(getComputedStyle(help).pointerEvents).toBe('none');
  },
};

export const TouchDevice: Story = {
  args: { visible: true, touch: true },
  play: async ({ canvasElement }) => {
    const sections = within(canvasElement).getAllByRole('heading', { level: 3 });
    await expect(sections[0]).toHaveTextContent('Touch');
  },
};

export const Hidden: Story = {
  args: { visible: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('complementary')).toBeNull();
  },
};
