import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NamedStarsList } from '../src/panels/NamedStarsList';

const meta = {
  title: 'Panels/NamedStarsList',
  component: NamedStarsList,
  args: { onSelect: fn() },
} satisfies Meta<typeof NamedStarsList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SomeStars: Story = {
  args: { stars: [{ id: 4, name: 'express' }, { id: 9, name: '<b>bold</b> star' }] },
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('navigation', { name: 'Named stars in view' });
    await expect(list).toHaveTextContent('2 named stars in view');
    const markup = within(list).getByRole('button', { name: '<b>bold</b> star' });
    await expect(markup.querySelector('b')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'express' }));
    await expect(args.onSelect).toHaveBeenCalledWith(4);
  },
};

export const NoStars: Story = {
  args: { stars: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('named-stars')).toHaveTextContent('No named stars in view');
  },
};
