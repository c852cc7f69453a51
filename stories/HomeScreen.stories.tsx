import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { homeCards } from '../src/home/homeCards';
import { HomeScreen } from '../src/panels/HomeScreen';
import animatedSrc from './assets/demo_150.gif';
import stillSrc from './assets/demo_first.png';

const cards = homeCards(
  [
    { name: 'npm', meta: { title: 'npm', description: 'JavaScript packages and their dependencies' } },
    { name: 'internet', meta: { kind: 'internet', vantage: { host: 'route-views.example.net', asn: 6447 } } },
    { name: 'debian' },
    { name: 'crates', meta: { description: 'Rust crates' } },
  ],
  '/no-such-data-root',
);
// The internet card gets loadable thumbnails; the others show the drawn placeholder.
const featured = cards.featured.map((card) => ({ ...card, stillSrc, animatedSrc }));

const meta = {
  title: 'Home/HomeScreen',
  component: HomeScreen,
} satisfies Meta<typeof HomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithGalaxies: Story = {
  args: { featured, galaxies: cards.galaxies },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the Internet, Commander');
    const internet = canvas.getByRole('link', { name: /As seen from route-views.example.net \/ AS 6447/ });
    await expect(internet).toHaveAttribute('href', '#/galaxy/internet?l=1');
    await expect(internet).toHaveTextContent('The BGP Default-Free Zone');
    const others = within(canvas.getByRole('list', { name: 'Galaxies' })).getAllByRole('link');
    await expect(others.map((link) => link.getAttribute('href'))).toEqual([
      '#/galaxy/crates',
      '#/galaxy/debian',
      '#/galaxy/npm',
    ]);
  },
};

export const Loading: Story = {
  args: { featured: [], galaxies: [], loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to the Internet, Commander');
    await expect(canvas.getByRole('region', { name: 'Galaxies' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
  },
};

export const Empty: Story = {
  args: { featured: [], galaxies: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('This data root offers no galaxies yet.');
  },
};

export const IndexUnreadable: Story = {
  args: {
    featured: [],
    galaxies: [],
    error: 'Could not list the galaxies. Unexpected status code 404 when calling /data/galaxies.json',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Unexpected status code 404 when calling /data/galaxies.json');
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const ManyGalaxies: Story = {
  args: {
    featured,
    galaxies: homeCards(
      Array.from({ length: 40 }, (_, index) => ({ name: `galaxy-${String(index).padStart(2, '0')}` })),
      '/no-such-data-root',
    ).galaxies,
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Galaxies' });
    await expect(within(list).getAllByRole('link')).toHaveLength(40);
  },
};

/** Narrow phone screen: cards stack in one column and nothing overflows sideways. */
export const Narrow: Story = {
  args: { featured, galaxies: cards.galaxies },
  decorators: [
    (Story) => (
      <div style={{ width: 360, height: 640, overflow: 'auto', border: '1px dashed #333' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const main = within(canvasElement).getByRole('main');
    await expect(main.scrollWidth).toBeLessThanOrEqual(360);
  },
};

/** Cards fill in one by one: one loaded, one still loading, one unreachable, side by side. */
export const CardsInEveryState: Story = {
  args: {
    featured: [],
    galaxies: homeCards(
      [
        { name: 'alpha', status: 'loaded', meta: { title: 'Alpha', description: 'Read from its manifest' } },
        { name: 'beta', status: 'loading' },
        { name: 'gamma', status: 'unreachable', problem: 'No answer from its host within 10 seconds' },
      ],
      '/no-such-data-root',
    ).galaxies,
  },
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole('list', { name: 'Galaxies' }));
    await expect(list.getByRole('link', { name: /Alpha/ })).toHaveTextContent('Read from its manifest');
    await expect(list.getByRole('link', { name: /beta/ })).toHaveTextContent('Loading…');
    await expect(list.getByRole('link', { name: /gamma/ })).toHaveTextContent('Could not be reached.');
  },
};
