import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchBox } from '../src/panels/SearchBox';

const meta = {
  title: 'Panels/SearchBox',
  component: SearchBox,
  args: { onSubmit: fn(), onChange: fn() },
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByPlaceholderText('enter a search term');
    await expect(input).toHaveValue('');
    await userEvent.click(input);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('');
  },
};

export const TypingAndSubmitting: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByPlaceholderText('enter a search term');
    await userEvent.type(input, 'react');
    await expect(args.onChange).toHaveBeenLastCalledWith('react');
    await expect(args.onChange).toHaveBeenCalledTimes(5);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('react');
  },
};

/** Keys typed into the box (w, l, h, space) must not fly the camera or toggle links. */
export const KeysStayInTheBox: Story = {
  play: async ({ canvasElement }) => {
    const seen: string[] = [];
    const listener = (event: KeyboardEvent) => seen.push(event.key);
    window.addEventListener('keydown', listener);
    try {
      await userEvent.type(within(canvasElement).getByRole('textbox'), 'wl h');
    } finally {
      window.removeEventListener('keydown', listener);
    }
    await expect(seen).toEqual([]);
  },
};

export const Command: Story = {
  args: { initialValue: ':hl react' },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole('textbox')).toHaveValue(':hl react');
    await userEvent.click(within(canvasElement).getByRole('textbox'));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith(':hl react');
  },
};

export const Searching: Story = {
  args: { initialValue: 'a.*b', busy: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Searching' })).toBeVisible();
  },
};

export const WithCount: Story = {
  args: { initialValue: 'react', status: '1,234 matches' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('1,234 matches');
  },
};

export const PatternTooSlow: Story = {
  args: {
    initialValue: '(a+)+$',
    status: 'The pattern took too long and was stopped. Try a simpler one.',
    statusIsError: true,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('took too long');
  },
};

/** A tiled galaxy: results arrive as name shards stream in; the line says how far the search has got. */
export const SearchingNameShards: Story = {
  args: { initialValue: '^react', status: 'Searched 40,960 of 1,000,000 names', busy: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Searched 40,960 of 1,000,000 names');
    await expect(canvas.getByRole('progressbar', { name: 'Searching' })).toBeVisible();
  },
};

/** Searches limited to a constellation: its chip in the box; × or Backspace in the empty box lifts the limit. */
export const LimitedToConstellation: Story = {
  args: { scope: { name: 'react · react-dom', colour: '#7fd4a0' }, onClearScope: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const chip = canvas.getByTestId('search-scope');
    await expect(chip).toHaveTextContent('in react · react-dom');
    await expect(chip).toHaveAttribute('title', 'Searching in react · react-dom');
    // The box takes the caret as the limit is set.
    await expect(canvas.getByRole('textbox')).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(args.onClearScope).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Search every star' }));
    await expect(args.onClearScope).toHaveBeenCalledTimes(2);
    await userEvent.type(canvas.getByRole('textbox'), 'dom');
    await expect(args.onChange).toHaveBeenLastCalledWith('dom');
    // Backspace deletes text first; the limit stays.
    await userEvent.keyboard('{Backspace}');
    await expect(args.onClearScope).toHaveBeenCalledTimes(2);
  },
};

/** A long constellation name is cut in the chip; the text field keeps its room. */
export const LimitedToLongName: Story = {
  args: {
    scope: { name: '@an-organisation-with-a-long-name/and-a-package · @another-organisation/yet-another-package', colour: '#f0a0c0' },
    onClearScope: fn(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox');
    await expect(input.getBoundingClientRect().width).toBeGreaterThan(120);
    const field = canvasElement.querySelector('.search-box__field') as HTMLElement;
    await expect(field.scrollWidth).toBeLessThanOrEqual(field.clientWidth + 1);
    await expect(canvas.getByRole('button', { name: 'Search every star' })).toBeVisible();
  },
};
