import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { LABEL_COLOR_HOVERED, LABEL_COLOR_NORMAL, LABEL_COLOR_SELECTED } from '../src/labels/constants';
import { DEFAULT_HIGHLIGHT_COLOR } from '../src/search/commands';
import { LabelSwatch, type LabelSwatchProps, type SwatchReading } from './support/LabelSwatch';

/** The same name drawn by both backends side by side, through the real label renderer. */
function BothBackends(props: Omit<LabelSwatchProps, 'backend'>) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', background: '#111' }}>
      <LabelSwatch backend="webgl2" {...props} />
      <LabelSwatch backend="webgpu" {...props} />
    </div>
  );
}

const meta = {
  title: 'Scene/Star names',
  component: BothBackends,
} satisfies Meta<typeof BothBackends>;

export default meta;
type Story = StoryObj<typeof meta>;

async function readings(canvasElement: HTMLElement): Promise<SwatchReading[]> {
  const root = within(canvasElement);
  const result: SwatchReading[] = [];
  for (const backend of ['webgl2', 'webgpu']) {
    const figure = root.getByTestId(`swatch-${backend}`);
    await waitFor(() => expect(figure.dataset.reading).toBeDefined(), { timeout: 20_000 });
    const reading = JSON.parse(figure.dataset.reading!) as SwatchReading | string;
    if (typeof reading === 'string') throw new Error(`${backend}: ${reading}`);
    result.push(reading);
  }
  return result;
}

/** Letters in the fill colour are drawn, by both backends alike. */
async function expectLetters(canvasElement: HTMLElement, text: string, minFill = 25) {
  const [gl, gpu] = await readings(canvasElement);
  for (const reading of [gl, gpu]) {
    await expect(reading.text).toBe(text);
    await expect(reading.fillPixels).toBeGreaterThan(minFill);
  }
  // The two backends draw the same name alike (within a fifth of the ink).
  await expect(Math.abs(gl.inkPixels - gpu.inkPixels)).toBeLessThan(Math.max(gl.inkPixels, gpu.inkPixels) * 0.2);
  return [gl, gpu];
}

export const Normal: Story = {
  args: { name: 'express', color: LABEL_COLOR_NORMAL },
  play: async ({ canvasElement }) => void (await expectLetters(canvasElement, 'express')),
};

export const Hovered: Story = {
  args: { name: 'express', color: LABEL_COLOR_HOVERED },
  play: async ({ canvasElement }) => void (await expectLetters(canvasElement, 'express')),
};

export const Selected: Story = {
  args: { name: 'express', color: LABEL_COLOR_SELECTED },
  play: async ({ canvasElement }) => void (await expectLetters(canvasElement, 'express')),
};

export const Highlighted: Story = {
  args: { name: 'react-dom', color: DEFAULT_HIGHLIGHT_COLOR },
  play: async ({ canvasElement }) => void (await expectLetters(canvasElement, 'react-dom')),
};

export const VeryLongName: Story = {
  args: { name: `@scope/${'a-very-long-package-name-'.repeat(6)}end`, color: LABEL_COLOR_NORMAL },
  play: async ({ canvasElement }) => {
    const [gl] = await readings(canvasElement);
    await expect(gl.text.endsWith('…')).toBe(true);
    await expect(gl.textWidth).toBeLessThanOrEqual(260);
    await expectLetters(canvasElement, gl.text);
  },
};

export const RightToLeft: Story = {
  args: { name: 'שלום-עולם مرحبا', color: LABEL_COLOR_NORMAL },
  play: async ({ canvasElement }) => void (await expectLetters(canvasElement, 'שלום-עולם مرحبا', 20)),
};

export const Cjk: Story = {
  args: { name: '東京タワー 漢字', color: LABEL_COLOR_NORMAL },
  play: async ({ canvasElement }) => void (await expectLetters(canvasElement, '東京タワー 漢字', 20)),
};

export const ControlCharactersShowReplacement: Story = {
  args: { name: 'bad\u0000name\uD800', color: LABEL_COLOR_NORMAL },
  play: async ({ canvasElement }) => void (await expectLetters(canvasElement, 'bad\uFFFDname\uFFFD')),
};

/** On a white background the dark halo keeps white letters readable. */
export const HaloOnWhite: Story = {
  args: { name: 'express', color: LABEL_COLOR_NORMAL, background: 0xffffff },
  play: async ({ canvasElement }) => {
    for (const reading of await readings(canvasElement)) await expect(reading.darkPixels).toBeGreaterThan(100);
  },
};
