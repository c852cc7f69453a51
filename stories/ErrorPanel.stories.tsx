import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorPanel } from '../src/panels/ErrorPanel';

const meta = {
  title: 'Panels/ErrorPanel',
  component: ErrorPanel,
} satisfies Meta<typeof ErrorPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnexpectedStatus: Story = {
  args: {
    galaxyName: 'nope',
    message: 'Unexpected status code 404 when calling /data/nope/manifest.json?nocache=1700000000000',
    otherGalaxies: ['npm', 'debian', 'nope', 'crates'],
    onRetry: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(
      'Unexpected status code 404 when calling /data/nope/manifest.json?nocache=1700000000000',
    );
    await expect(canvas.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '#/');
    const others = within(canvas.getByRole('navigation', { name: 'Other galaxies' })).getAllByRole('link');
    await expect(others.map((link) => link.textContent)).toEqual(['npm', 'debian', 'crates']);
    await expect(others[0]).toHaveAttribute('href', '#/galaxy/npm');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const NetworkFailure: Story = {
  args: { galaxyName: 'npm', message: 'Failed to download /data/npm/2015-09-21T01-00-00Z/links.bin' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to download /data/npm/2015-09-21T01-00-00Z/links.bin');
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

export const MarkupInNameAndMessage: Story = {
  args: {
    galaxyName: '<script>alert(1)</script>',
    message: 'Unexpected status code 500 when calling /data/<b>x</b>/manifest.json',
    otherGalaxies: ['<i>italic</i>'],
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('<script>alert(1)</script>');
    await expect(alert).toHaveTextContent('/data/<b>x</b>/manifest.json');
    await expect(alert.querySelector('b, i, script')).toBeNull();
    await expect(within(alert).getByRole('link', { name: '<i>italic</i>' })).toHaveAttribute(
      'href',
      '#/galaxy/%3Ci%3Eitalic%3C%2Fi%3E',
    );
  },
};

export const VeryLongUrl: Story = {
  args: {
    galaxyName: 'a-galaxy-with-a-rather-long-name-that-keeps-going-and-going',
    message: `Cancelled download of https://data.example.org/${'very-long-segment/'.repeat(12)}labels.json`,
    otherGalaxies: ['npm'],
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    // The panel stays inside the viewport however long the address is.
    await expect(alert.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    await expect(alert.scrollWidth).toBeLessThanOrEqual(alert.clientWidth + 1);
  },
};
