import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { YourGalaxies } from '../src/panels/YourGalaxies';

const meta = {
  title: 'Home/YourGalaxies',
  component: YourGalaxies,
  args: { onRemove: fn() },
} satisfies Meta<typeof YourGalaxies>;

export default meta;
type Story = StoryObj<typeof meta>;

const karate = { name: 'karate', href: '#/galaxy/local:karate', facts: { starCount: 34, edgeCount: 78, size: '2 kB', settled: true } };
const crates = { name: 'crates', href: '#/galaxy/local:crates', facts: { starCount: 36_101, edgeCount: 150_477, size: '2.7 MB', settled: false } };

export const Empty: Story = {
  args: { galaxies: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your galaxies' })).toBeVisible();
    await expect(canvas.getByText('Graphs you open are kept here, in this browser only.')).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const WithItems: Story = {
  args: { galaxies: [karate, crates] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole('list', { name: 'Your galaxies' })).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(within(items[0]).getByRole('link', { name: 'karate' })).toHaveAttribute('href', '#/galaxy/local:karate');
    await expect(items[0]).toHaveTextContent('34 stars · 78 links · 2 kB');
    await expect(items[1]).toHaveTextContent('36,101 stars · 150,477 links · 2.7 MB · not laid out yet');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove crates' }));
    await expect(args.onRemove).toHaveBeenCalledWith('crates');
  },
};

export const WithAFailedItem: Story = {
  args: { galaxies: [karate, { ...crates, problem: 'Its files are missing from this browser’s storage.' }] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole('list', { name: 'Your galaxies' })).getAllByRole('listitem');
    await expect(within(items[1]).queryByRole('link')).toBeNull();
    await expect(within(items[1]).getByRole('alert')).toHaveTextContent('Cannot be opened: Its files are missing');
    await userEvent.click(within(items[1]).getByRole('button', { name: 'Remove crates' }));
    await expect(args.onRemove).toHaveBeenCalledWith('crates');
  },
};

/** A record whose stored data no longer reads back (labels nulled, counts gone wrong): marked, no facts shown, removable. */
export const WithADamagedItem: Story = {
  args: { galaxies: [karate, { name: 'race2', href: '#/galaxy/local:race2', problem: 'Its stored data is damaged.' }] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole('list', { name: 'Your galaxies' })).getAllByRole('listitem');
    await expect(within(items[0]).getByRole('link', { name: 'karate' })).toBeVisible();
    await expect(items[1]).toHaveAttribute('data-problem', 'true');
    await expect(within(items[1]).queryByRole('link')).toBeNull();
    await expect(within(items[1]).getByRole('alert')).toHaveTextContent('Cannot be opened: Its stored data is damaged.');
    await expect(items[1]).not.toHaveTextContent(/stars|links|NaN/);
    await userEvent.click(within(items[1]).getByRole('button', { name: 'Remove race2' }));
    await expect(args.onRemove).toHaveBeenCalledWith('race2');
  },
};
