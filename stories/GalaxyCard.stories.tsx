import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { GalaxyCard } from '../src/panels/GalaxyCard';
import animatedSrc from './assets/demo_150.gif';
import stillSrc from './assets/demo_first.png';

const meta = {
  title: 'Home/GalaxyCard',
  component: GalaxyCard,
  decorators: [
    (Story) => (
      <div style={{ padding: 24, maxWidth: 460 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GalaxyCard>;

export default meta;
type Story = StoryObj<typeof meta>;

async function loaded(image: HTMLImageElement): Promise<void> {
  await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
}

export const InternetMediaCard: Story = {
  args: {
    name: 'internet',
    href: '#/galaxy/internet?l=1',
    title: 'As seen from route-views.example.net / AS 6447',
    description: 'The BGP Default-Free Zone',
    stillSrc,
    animatedSrc,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('link', { name: /As seen from route-views.example.net \/ AS 6447/ });
    await expect(card).toHaveAttribute('href', '#/galaxy/internet?l=1');
    await expect(card).toHaveTextContent('The BGP Default-Free Zone');
    const image = card.querySelector('img');
    if (!image) throw new Error('the card has no image');
    await loaded(image);
    await expect(image.getAttribute('src')).toMatch(/_first\.png$/);
    const box = image.getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([150, 93]);

    await userEvent.hover(card);
    await waitFor(() => expect(card.querySelector('img')?.getAttribute('src')).toMatch(/_150\.gif$/));
    await loaded(card.querySelector('img') as HTMLImageElement);
    await userEvent.unhover(card);
    await waitFor(() => expect(card.querySelector('img')?.getAttribute('src')).toMatch(/_first\.png$/));
  },
};

/** Keyboard visitors get the animation too when the card has focus. */
export const FocusAnimates: Story = {
  args: { ...InternetMediaCard.args, name: 'internet', href: '#/galaxy/internet?l=1', title: 'Focus me' },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const card = within(canvasElement).getByRole('link');
    await expect(card).toHaveFocus();
    await waitFor(() => expect(card.querySelector('img')?.getAttribute('src')).toMatch(/_150\.gif$/));
  },
};

/** Missing thumbnails: a drawn star field with initials, never a broken-image icon. */
export const MissingImages: Story = {
  args: {
    name: 'crates',
    href: '#/galaxy/crates',
    title: 'crates',
    stillSrc: '/no-such-folder/crates/thumbnail_first.png',
    animatedSrc: '/no-such-folder/crates/thumbnail_150.gif',
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link', { name: 'crates' });
    await waitFor(() => expect(within(card).getByTestId('starfield-placeholder')).toBeVisible());
    await expect(card.querySelector('img')).toBeNull();
    await expect(within(card).getByTestId('starfield-placeholder')).toHaveTextContent('CR');
    const box = within(card).getByTestId('starfield-placeholder').getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([150, 93]);
    await userEvent.hover(card);
    await expect(card.querySelector('img')).toBeNull();
  },
};

/** The still loads but the animation is missing: hovering keeps the still. */
export const MissingAnimation: Story = {
  args: {
    name: 'brew',
    href: '#/galaxy/brew',
    title: 'brew',
    description: 'Homebrew formulae and what they depend on',
    stillSrc,
    animatedSrc: '/no-such-folder/brew/thumbnail_150.gif',
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link');
    await userEvent.hover(card);
    await waitFor(() => expect(card.querySelector('img')?.getAttribute('src')).toMatch(/_first\.png$/), { timeout: 10_000 });
    await loaded(card.querySelector('img') as HTMLImageElement);
  },
};

export const LongTitleAndDescription: Story = {
  args: {
    name: 'a-galaxy-with-an-exceptionally-long-name-that-goes-on-and-on',
    href: '#/galaxy/long',
    title: 'a-galaxy-with-an-exceptionally-long-name-that-goes-on-and-on-and-on-and-on',
    description: 'A description that is far too long for a card. '.repeat(8),
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1);
    await expect(card.getBoundingClientRect().height).toBeLessThan(220);
  },
};

export const MarkupInTitle: Story = {
  args: {
    name: '<b>x</b>',
    href: '#/galaxy/%3Cb%3Ex%3C%2Fb%3E',
    title: '<b>x</b>',
    description: '<img src=x onerror=alert(1)>',
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link');
    await expect(card).toHaveTextContent('<b>x</b>');
    await expect(card).toHaveTextContent('<img src=x onerror=alert(1)>');
    await expect(card.querySelector('b')).toBeNull();
  },
};

/** Its manifest has not answered yet: the card is there, leads to the galaxy, and says it is loading. */
export const ManifestLoading: Story = {
  args: { name: 'npm', href: '#/galaxy/npm', title: 'npm', loading: true },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link', { name: /npm/ });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(within(card).getByRole('status')).toHaveTextContent('Loading…');
    await expect(card).toHaveAttribute('href', '#/galaxy/npm');
  },
};

/** Its manifest answered: title and description from the manifest, no state line. */
export const ManifestLoaded: Story = {
  args: { name: 'npm', href: '#/galaxy/npm', title: 'The npm registry', description: 'JavaScript packages' },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link', { name: /The npm registry/ });
    await expect(card).toHaveAttribute('aria-busy', 'false');
    await expect(within(card).queryByRole('status')).toBeNull();
    await expect(card).not.toHaveTextContent('Could not be reached');
  },
};

/** Its host did not answer within the limit: the card says so, and still leads to the galaxy. */
export const ManifestUnreachable: Story = {
  args: { name: 'crates', href: '#/galaxy/crates', title: 'crates', unreachable: 'No answer from its host within 10 seconds' },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link', { name: /crates/ });
    await expect(card).toHaveTextContent('Could not be reached. No answer from its host within 10 seconds.');
    await expect(card).toHaveAttribute('aria-busy', 'false');
    await expect(card).toHaveAttribute('href', '#/galaxy/crates');
  },
};
