import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NoWebGL, WEBGL_INFO_URL } from '../src/scene/NoWebGL';

const meta = {
  title: 'Scene/NoWebGL',
  component: NoWebGL,
} satisfies Meta<typeof NoWebGL>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NeitherBackend: Story = {
  args: { reasons: ['webgpu is not available: no adapter', 'webgl2 is not available: the browser gave no WebGL2 context'] },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await expect(screen.getByText('Could not initialize WebGL')).toBeVisible();
    await expect(screen.getByRole('alert')).toHaveTextContent(
      'Your browser does not seem to support WebGL. Find out how to get it here.',
    );
    await expect(screen.getByRole('link', { name: 'here' })).toHaveAttribute('href', WEBGL_INFO_URL);
  },
};
