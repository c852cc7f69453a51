import { useEffect, useRef, useState } from 'react';
import { LABEL_QUAD_FLOATS } from '../../src/labels/constants';
import { canvasRasterizer, LabelAtlas } from '../../src/labels/labelAtlas';
import { writeLabelQuad } from '../../src/labels/labelQuads';
import { displayText } from '../../src/labels/labelText';
import { Camera } from '../../src/renderer/camera';
import { BackendPolicy } from '../../src/renderer/backendPolicy';
import { createRenderer } from '../../src/renderer/createRenderer';
import { NO_CELLS } from '../../src/renderer/starCells';
import type { Backend } from '../../src/renderer/types';

export interface LabelSwatchProps {
  backend: Backend;
  name: string;
  /** Fill colour 0xRRGGBBAA, as the scene gives normal, hovered, selected and highlighted names. */
  color: number;
  /** Background 0xRRGGBB behind the name (the halo keeps it readable on any). */
  background?: number;
  width?: number;
  height?: number;
}

/** What the drawn swatch holds, read back from the canvas right after it was drawn. */
export interface SwatchReading {
  /** Pixels close to the fill colour (the letters). */
  fillPixels: number;
  /** Pixels much darker than the background (the halo), on a light background. */
  darkPixels: number;
  /** Pixels that differ from the background at all. */
  inkPixels: number;
  /** Width of the text box in CSS px, and the text drawn. */
  textWidth: number;
  text: string;
}

/**
 * One star name drawn through the real label path (atlas, distance field, quad, the backend's label
 * shaders) on a small canvas of its own, with no galaxy around it. The reading is published as
 * data-reading on the figure for the story's play function.
 */
export function LabelSwatch({ backend, name, color, background = 0x000000, width = 320, height = 48 }: LabelSwatchProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [reading, setReading] = useState<SwatchReading | string | undefined>(undefined);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let disposed = false;
    let cleanup = () => {};
    const ratio = window.devicePixelRatio || 1;
    void (async () => {
      try {
        const renderer = await createRenderer(
          () => {
            element.replaceChildren();
            const canvas = document.createElement('canvas');
            canvas.style.cssText = `width:${width}px;height:${height}px;display:block`;
            element.appendChild(canvas);
            return canvas;
          },
          new BackendPolicy(backend),
          undefined,
          { clearColor: background },
        );
        cleanup = () => renderer.dispose();
        if (disposed) return cleanup();
        const deviceWidth = Math.round(width * ratio), deviceHeight = Math.round(height * ratio);
        renderer.resize(deviceWidth, deviceHeight);
        renderer.setStars(new Float32Array(0), new Uint8Array(0), new Float32Array(0), NO_CELLS);
        const atlas = new LabelAtlas(canvasRasterizer(getComputedStyle(document.documentElement).fontFamily || 'sans-serif'));
        const text = displayText(name);
        const entry = atlas.add(text, text)!;
        const quads = new Float32Array(LABEL_QUAD_FLOATS);
        writeLabelQuad(quads, 0, { x: 10, y: (height - entry.cssHeight) / 2, height: entry.cssHeight }, entry, atlas, color, 1);
        renderer.setLabels?.({ atlas, dirtyRows: atlas.takeDirtyRows(), quads, count: 1 });
        const camera = new Camera();
        camera.setViewport(deviceWidth, deviceHeight, width, height);
        renderer.render(camera);
        // Read back in the same task as the frame, before the canvas is presented and cleared.
        const copy = document.createElement('canvas');
        copy.width = deviceWidth;
        copy.height = deviceHeight;
        const context = copy.getContext('2d')!;
        context.drawImage(renderer.canvas, 0, 0);
        const pixels = context.getImageData(0, 0, deviceWidth, deviceHeight).data;
        const fill = [(color >>> 24) & 255, (color >>> 16) & 255, (color >>> 8) & 255];
        const back = [(background >> 16) & 255, (background >> 8) & 255, background & 255];
        let fillPixels = 0, darkPixels = 0, inkPixels = 0;
        for (let i = 0; i < pixels.length; i += 4) {
          const p = [pixels[i], pixels[i + 1], pixels[i + 2]];
          if (p.every((v, k) => Math.abs(v - fill[k]) < 40)) fillPixels++;
          if (p.some((v, k) => Math.abs(v - back[k]) > 40)) inkPixels++;
          if (p[0] + p[1] + p[2] < back[0] + back[1] + back[2] - 400) darkPixels++;
        }
        if (!disposed) setReading({ fillPixels, darkPixels, inkPixels, textWidth: entry.cssWidth, text: entry.text });
      } catch (error) {
        if (!disposed) setReading(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      disposed = true;
      cleanup();
    };
  }, [backend, name, color, background, width, height]);

  return (
    <figure style={{ margin: 8 }} data-testid={`swatch-${backend}`} data-reading={reading === undefined ? undefined : JSON.stringify(reading)}>
      <div ref={holder} style={{ width, height }} />
      <figcaption style={{ color: '#9a9ab0', font: '12px system-ui' }}>{backend}</figcaption>
    </figure>
  );
}
