import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingLabel } from '../src/panels/LoadingLabel';

const meta = {
  title: 'Panels/LoadingLabel',
  component: LoadingLabel,
} satisfies Meta<typeof LoadingLabel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Downloading: Story = {
  args: { message: 'npm: downloading links', completed: '42%' },
  play: async ({ canvasElement }) => {
    const label = within(canvasElement).getByRole('status');
    await expect(label).toHaveTextContent('npm: downloading links - 42%');
  },
};

export const InitializingEdges: Story = {
  args: { message: 'npm: initializing edges', completed: '97%' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('npm: initializing edges - 97%');
  },
};

/** The final, empty progress event of a download hides the label. */
export const Finished: Story = {
  args: { message: '', completed: '' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};

export const MarkupInGalaxyName: Story = {
  args: { message: '<b>evil</b>: downloading labels', completed: '3%' },
  play: async ({ canvasElement }) => {
    const label = within(canvasElement).getByRole('status');
    await expect(label).toHaveTextContent('<b>evil</b>: downloading labels - 3%');
    await expect(label.querySelector('b')).toBeNull();
  },
};
