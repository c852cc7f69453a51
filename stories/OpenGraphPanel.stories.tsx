import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FORMATS } from '../src/importers/types';
import { OpenGraphPanel } from '../src/panels/OpenGraphPanel';

const meta = {
  title: 'Home/OpenGraphPanel',
  component: OpenGraphPanel,
  args: { formats: FORMATS, onFile: fn(), onUrl: fn(), onCancel: fn(), onDismiss: fn(), onFormatChange: fn() },
} satisfies Meta<typeof OpenGraphPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DropZoneIdle: Story = {
  args: { state: { kind: 'idle' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Open your own graph' })).toBeVisible();
    const input = canvas.getByLabelText('Open a graph file', { selector: 'input' });
    await userEvent.upload(input, new File(['a,b\n'], 'edges.csv'));
    await expect(args.onFile).toHaveBeenCalledOnce();
    await expect(canvas.getByText(/Formats: edgelist, dot, graphml, gexf, json, package-lock, debian, bgp, graph-tool/)).toBeVisible();
    const open = canvas.getByRole('button', { name: 'Open' });
    await expect(open).toBeDisabled();
    await userEvent.type(canvas.getByPlaceholderText('https://example.org/graph.csv'), 'https://example.org/edges.csv');
    await userEvent.click(open);
    await expect(args.onUrl).toHaveBeenCalledWith('https://example.org/edges.csv');
    await expect(canvas.queryByTestId('drop-zone')).toBeNull();
    await userEvent.selectOptions(canvas.getByLabelText('Format'), 'bgp');
    await expect(args.onFormatChange).toHaveBeenCalledWith('bgp');
  },
};

export const DropZoneOver: Story = {
  args: { state: { kind: 'idle' }, dragOver: true },
  play: async ({ canvasElement }) => {
    const zone = within(canvasElement).getByTestId('drop-zone');
    await expect(zone).toHaveTextContent('Drop the graph file to open it');
    const box = zone.getBoundingClientRect();
    await expect(box.width).toBeGreaterThan(window.innerWidth - 40);
    await expect(box.height).toBeGreaterThan(window.innerHeight - 40);
  },
};

export const ImportingWithProgress: Story = {
  args: { state: { kind: 'importing', fileName: 'crates.csv', phase: 'reading', loaded: 1_570_000, total: 3_141_141 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Reading crates.csv - 50%');
    await expect(canvas.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '50');
    await expect(canvas.getByLabelText('Open a graph file', { selector: 'input' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

export const ImportingUnknownSize: Story = {
  // An address whose host sends no Content-Length: how much is left is not known.
  args: { state: { kind: 'importing', fileName: 'edges.csv', phase: 'reading', loaded: 1_570_000 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Reading edges.csv…');
    await expect(canvas.getByRole('status')).not.toHaveTextContent('%');
    await expect(canvas.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('value');
  },
};

export const ImportingParsingWithProgress: Story = {
  // The importers that read line by line (edge lists, BGP paths, Debian Packages) say how far they are.
  args: { state: { kind: 'importing', fileName: 'crates.csv', phase: 'parsing', loaded: 2_198_799, total: 3_141_141 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Reading the graph in crates.csv - 70%');
    await expect(canvas.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '70');
  },
};

export const Keeping: Story = {
  // Read, its constellations found: now stored in this browser.
  args: { state: { kind: 'importing', fileName: 'crates.csv', phase: 'keeping', loaded: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Keeping crates.csv…');
    await expect(canvas.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('value');
  },
};

export const FindingConstellations: Story = {
  // The graph is read; its constellations are found in a worker, level by level. Cancel keeps the galaxy without them.
  args: {
    state: {
      kind: 'importing',
      fileName: 'crates.csv',
      phase: 'communities',
      loaded: 1,
      detail: 'Finest level found: 1,568 communities. Cancel keeps the galaxy without them.',
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Finding the constellations of crates.csv…');
    await expect(status).toHaveTextContent('Finest level found: 1,568 communities. Cancel keeps the galaxy without them.');
    await expect(canvas.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('value');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

export const ImportingParsing: Story = {
  // A format parsed in one go (GraphML, GEXF, JSON, DOT) has no share done to show: the bar is indeterminate.
  args: { state: { kind: 'importing', fileName: 'social.graphml', phase: 'parsing', loaded: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Reading the graph in social.graphml…');
    await expect(canvas.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('value');
  },
};

export const ImportError: Story = {
  args: {
    state: {
      kind: 'error',
      fileName: 'broken.csv',
      message: 'broken.csv, line 2: expected a source and a target separated by a comma, found "carol"',
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Could not open broken.csv.');
    await expect(alert).toHaveTextContent('line 2: expected a source and a target separated by a comma, found "carol"');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

export const TooBig: Story = {
  args: {
    state: {
      kind: 'too-big',
      fileName: 'npm-edges.csv.gz',
      needed: '5.6 GB',
      available: '4.0 GB',
      command: 'npx galaxy build npm-edges.csv.gz --name npm-edges --out data',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(
      'npm-edges.csv.gz is too big for this browser: it would need about 5.6 GB of memory, and this browser gives a page about 4.0 GB.',
    );
    await expect(alert.querySelector('pre')).toHaveTextContent('npx galaxy build npm-edges.csv.gz --name npm-edges --out data');
  },
};
