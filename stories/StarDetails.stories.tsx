import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { placeholderStar, presentStarInfo } from '../src/ecosystems/presentStar';
import { StarDetails } from '../src/panels/StarDetails';
import { fakeAvatar } from './support/fakeAvatar';
import { npmLikeConstellations } from './support/constellations';
import { starConstellations } from '../src/constellations/constellationMembers';
import { presentConstellation } from '../src/constellations/presentConstellation';

const githubUser = { ...presentStarInfo('github', { id: 3, name: 'anvaka', in: 4321, out: 12 }), icon: fakeAvatar('anvaka') };

const meta = {
  title: 'Panels/StarDetails',
  component: StarDetails,
  args: {
    star: presentStarInfo('npm', { id: 42, name: 'express', in: 12034, out: 30 }),
    onShowConnections: fn(),
  },
} satisfies Meta<typeof StarDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Package: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: /express/ });
    await expect(link).toHaveAttribute('href', 'https://www.npmjs.com/package/express');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link.getAttribute('rel')).toContain('noopener');
    await expect(canvas.getByTestId('degree-in')).toHaveTextContent('12,034 dependents');
    await expect(canvas.getByTestId('degree-out')).toHaveTextContent('30 dependencies');
    await userEvent.click(canvas.getByTestId('degree-in'));
    await expect(args.onShowConnections).toHaveBeenLastCalledWith('in');
    await userEvent.click(canvas.getByTestId('degree-out'));
    await expect(args.onShowConnections).toHaveBeenLastCalledWith('out');
  },
};

export const SingularLabels: Story = {
  args: { star: presentStarInfo('cran', { id: 1, name: 'ggplot2', in: 1, out: 1 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('degree-in')).toHaveTextContent('1 dependent');
    await expect(canvas.getByTestId('degree-out')).toHaveTextContent('1 dependency');
  },
};

export const GithubUser: Story = {
  args: { star: githubUser },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: /anvaka/ })).toHaveAttribute('href', 'https://github.com/anvaka');
    await expect(canvasElement.querySelector('img')).toHaveAttribute('src', fakeAvatar('anvaka'));
    await expect(canvas.getByTestId('degree-in')).toHaveTextContent('4,321 followers');
    await expect(canvas.getByTestId('degree-out')).toHaveTextContent('12 following');
  },
};

export const DebianSearchLink: Story = {
  args: { star: presentStarInfo('debian', { id: 9, name: 'libc6', in: 20000, out: 2 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: /libc6/ })).toHaveAttribute(
      'href',
      'https://duckduckgo.com/?q=site%3Apackages.debian.org+libc6',
    );
  },
};

export const OtherGraphWithoutRegistry: Story = {
  args: { star: presentStarInfo('my-graph', { id: 5, name: 'node five', in: 2, out: 0 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.getByRole('heading')).toHaveTextContent('node five');
    await expect(canvas.getByTestId('degree-in')).toHaveTextContent('2 in-degree');
    await expect(canvas.getByTestId('degree-out')).toHaveTextContent('0 out-degree');
  },
};

/** While the graph loads the card shows the requested id and '?' degrees that cannot be clicked. */
export const Loading: Story = {
  args: { star: placeholderStar('npm', 1234) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading')).toHaveTextContent('1234');
    await expect(canvas.getByTestId('degree-in')).toHaveTextContent('? dependents');
    await expect(canvas.getByTestId('degree-in')).toBeDisabled();
    await userEvent.click(canvas.getByTestId('degree-out'));
    await expect(args.onShowConnections).not.toHaveBeenCalled();
  },
};

export const LongName: Story = {
  args: {
    star: presentStarInfo('npm', {
      id: 7,
      name: '@an-organisation-with-a-long-name/and-a-package-with-an-even-longer-name',
      in: 1234567,
      out: 89,
    }),
    onClose: fn(),
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('star-details');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 2);
    await expect(within(card).getByTestId('degree-in')).toHaveTextContent('1,234,567 dependents');
    await expect(within(card).getByRole('button', { name: 'Close details' })).toBeVisible();
  },
};

export const MarkupInName: Story = {
  args: { star: presentStarInfo('npm', { id: 8, name: '<img src=x onerror=alert(1)>', in: 1, out: 2 }) },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link');
    await expect(link).toHaveTextContent('<img src=x onerror=alert(1)>');
    await expect(link).toHaveAttribute('href', 'https://www.npmjs.com/package/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const Compact: Story = {
  args: { compact: true, star: githubUser },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('star-details');
    const inFigure = within(card).getByTestId('degree-in');
    const outFigure = within(card).getByTestId('degree-out');
    // One line: title and both figures share a row.
    await expect(Math.abs(inFigure.getBoundingClientRect().top - outFigure.getBoundingClientRect().top)).toBeLessThan(2);
    await expect(card.getBoundingClientRect().height).toBeLessThan(60);
  },
};

/** A tiled galaxy's star whose degrees came with its tile and whose name shard is still on its way. */
export const NamePending: Story = {
  args: { star: { ...presentStarInfo('npm', { id: 81234, name: '81234', in: 12, out: 3 }), link: undefined, pending: true } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByTestId('star-details');
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('heading')).toHaveTextContent('81234');
    await expect(canvas.queryByRole('link')).toBeNull();
    await userEvent.click(canvas.getByTestId('degree-in'));
    await expect(args.onShowConnections).toHaveBeenCalledWith('in');
  },
};

/** Neither the name nor the degrees are in yet: nothing to open. */
export const DegreesPending: Story = {
  args: { star: { ...placeholderStar('npm', 81234), link: undefined, pending: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('degree-in')).toHaveTextContent('? dependents');
    await expect(canvas.getByTestId('degree-out')).toBeDisabled();
    await expect(canvas.getByTestId('star-details')).toHaveAttribute('aria-busy', 'true');
  },
};

/** react-dom's constellations in an npm-like galaxy: the top level's "react · react-dom", then its finer part. */
const reactDomConstellations = (() => {
  const constellations = npmLikeConstellations();
  return starConstellations(constellations, 0).map((ref) => presentConstellation(constellations, 'npm', ref));
})();

/** A galaxy with communities: the star's constellation at each level, top level first, each a button. */
export const WithConstellation: Story = {
  args: {
    star: presentStarInfo('npm', { id: 11, name: 'react-dom', in: 90210, out: 4 }),
    constellations: reactDomConstellations,
    onChooseConstellation: fn(),
    onSearchInConstellation: fn(),
    onClose: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Constellations of this star' });
    const buttons = [...list.querySelectorAll<HTMLButtonElement>('.constellation-button')];
    await expect(buttons).toHaveLength(2);
    await expect(buttons[0]).toHaveTextContent('react · react-dom13,984 packages');
    await expect(buttons[1]).toHaveTextContent('react-dom · scheduler8,000 packages');
    // The finer one is stepped in under the top level's.
    await expect(buttons[1].getBoundingClientRect().left).toBeGreaterThan(buttons[0].getBoundingClientRect().left);
    await userEvent.click(buttons[1]);
    await expect(args.onChooseConstellation).toHaveBeenLastCalledWith({ level: 0, id: 0 });
    await userEvent.click(canvas.getByRole('button', { name: 'Search in react · react-dom · 13,984 packages' }));
    await expect(args.onSearchInConstellation).toHaveBeenLastCalledWith({ level: 1, id: 0 });
    const card = canvas.getByTestId('star-details');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 2);
    await expect(card.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  },
};

/** The constellation highlighted now reads as pressed in the details too. */
export const WithConstellationHighlighted: Story = {
  args: { ...WithConstellation.args, star: presentStarInfo('npm', { id: 11, name: 'react-dom', in: 90210, out: 4 }), onShowConnections: fn(), highlightedConstellation: { level: 1, id: 0 } },
  play: async ({ canvasElement }) => {
    const buttons = [...canvasElement.querySelectorAll<HTMLButtonElement>('.constellation-button')];
    await expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
  },
};

/** Small screens: the constellations share one line under the strip. */
export const CompactWithConstellation: Story = {
  args: { ...WithConstellation.args, star: githubUser, onShowConnections: fn(), compact: true },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('star-details');
    const buttons = [...card.querySelectorAll<HTMLButtonElement>('.constellation-button')];
    await expect(buttons).toHaveLength(2);
    await expect(Math.abs(buttons[0].getBoundingClientRect().top - buttons[1].getBoundingClientRect().top)).toBeLessThan(2);
    await expect(card.getBoundingClientRect().height).toBeLessThan(100);
  },
};

/** A galaxy without communities shows no constellation at all. */
export const WithoutCommunities: Story = {
  args: { constellations: undefined, onChooseConstellation: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('star-constellations')).toBeNull();
    await expect(canvasElement.querySelector('.constellation-button')).toBeNull();
  },
};
