import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AboutLink, PROJECT_DOCUMENTATION_URL } from '../src/panels/AboutLink';

const meta = {
  title: 'Panels/AboutLink',
  component: AboutLink,
} satisfies Meta<typeof AboutLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'About...' });
    await expect(link).toHaveAttribute('href', PROJECT_DOCUMENTATION_URL);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link.getAttribute('rel')).toContain('noopener');
  },
};
