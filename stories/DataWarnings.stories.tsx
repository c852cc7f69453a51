import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { missingRegionWarnings } from '../src/data/missingRegionWarnings';
import { DataWarnings } from '../src/panels/DataWarnings';

const meta = {
  title: 'Panels/DataWarnings',
  component: DataWarnings,
} satisfies Meta<typeof DataWarnings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DamagedFiles: Story = {
  args: {
    warnings: [
      'labels.json has 48748 names but positions.bin has 48746 nodes: the last 2 names were ignored',
      'links.bin has 3 zero values, which the format does not allow: they were ignored',
    ],
    onDismiss: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByRole('status', { name: 'Data warnings' });
    await expect(notice).toHaveTextContent('2 problems in this galaxy’s files');
    await expect(canvas.queryByRole('listitem')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Details' }));
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('the last 2 names were ignored');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss data warnings' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

export const OneWarning: Story = {
  args: { warnings: ['positions.bin is 31 bytes, not a multiple of 12 (x, y, z per node): the last 7 bytes were ignored'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('1 problem in this galaxy’s files');
    await expect(canvas.queryByRole('button', { name: 'Dismiss data warnings' })).toBeNull();
  },
};

export const NoWarnings: Story = {
  args: { warnings: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};

export const ManyLongWarningsWithMarkup: Story = {
  args: {
    warnings: Array.from(
      { length: 40 },
      (_, i) => `labels.json has a name <b>${i}</b> that is not a string: ${'very-long-'.repeat(12)}converted to text`,
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Details' }));
    await expect(canvas.getAllByRole('listitem')).toHaveLength(40);
    await expect(canvas.getAllByRole('listitem')[3]).toHaveTextContent('<b>3</b>');
    await expect(canvasElement.querySelector('.data-warnings__list b')).toBeNull();
  },
};

/** A tiled galaxy could not read some of its tiles: each region is named, its stars missing. */
export const MissingRegions: Story = {
  args: {
    warnings: missingRegionWarnings([
      'tile 3-5-1 (x -5000..0, y 0..5000, z -2500..2500)',
      'tile 3-6-0 (x 0..5000, y 0..5000, z -2500..2500)',
    ]),
    onDismiss: fn(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Data warnings' })).toHaveTextContent('2 problems in this galaxy’s files');
    await userEvent.click(canvas.getByRole('button', { name: 'Details' }));
    const items = canvas.getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent(
      'Could not load tile 3-5-1 (x -5000..0, y 0..5000, z -2500..2500): the stars of this region are missing',
    );
    await expect(items).toHaveLength(2);
  },
};
