import { useEffect, useRef, useState } from 'react';
import { watchKeepClear } from '../labels/keepClear';
import { BackendPolicy } from '../renderer/backendPolicy';
import type { EarlyGpu } from '../renderer/earlyGpu';
import { canvasesIn, RendererHost, type RendererFailure } from '../renderer/rendererHost';
import { GraphicsDeviceLost } from '../panels/GraphicsDeviceLost';
import type { GalaxyScene } from './galaxyScene';
import { NoWebGL } from './NoWebGL';

export interface GalaxyCanvasProps {
  /** The scene to draw: it holds the galaxy and the camera, and outlives the canvas. */
  scene: GalaxyScene;
  /** Which backends are tried, in which order (the page's, src/boot/pageStart.ts); by default WebGPU then WebGL2. */
  policy?: BackendPolicy;
  /** 0xRRGGBB behind the stars; 0 when not a number. */
  clearColor?: number;
  /** What the page started of the GPU before its first renderer, which that renderer takes. */
  early?: EarlyGpu;
}

const DEFAULT_POLICY = new BackendPolicy();

declare global {
  interface Window {
    /** The scene of the mounted GalaxyCanvas, for end-to-end tests and the console. */
    galaxyScene?: GalaxyScene;
  }
}

/**
 * A full-size canvas drawing the scene: sizes it to the container and mounts a renderer host for it
 * (src/renderer/rendererHost.ts: backend choice, fallback, lost-device recovery), and shows the
 * No-WebGL screen when no backend starts, or that the device was lost too often, with a retry.
 */
export function GalaxyCanvas({ scene, policy = DEFAULT_POLICY, clearColor, early }: GalaxyCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<RendererFailure | undefined>(undefined);
  /** Starts a new renderer for the same scene ('Try again' after the device was given up on). */
  const restartRef = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    window.galaxyScene = scene;
    const resize = () => {
      const rect = container.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      scene.resize(Math.max(1, Math.round(rect.width * ratio)), Math.max(1, Math.round(rect.height * ratio)), rect.width, rect.height);
    };
    // Sized before a renderer is up: the whole-galaxy view depends on the canvas's aspect.
    resize();
    const host = new RendererHost({
      slot: scene,
      canvases: canvasesIn(container, early),
      policy,
      rendererOptions: { clearColor, early },
      onAttached: resize,
      onFailure: setFailure,
    });
    void host.start();
    restartRef.current = () => void host.start();

    const observer = new ResizeObserver(resize);
    observer.observe(container);
    // Star names keep clear of the page's panels (docs/names.md#the-pages-panels).
    const stopKeepClear = watchKeepClear(document.documentElement, container, (zones) => scene.setNamesKeepClear(zones));
    // A changed device pixel ratio (zoom, another screen) fires a window resize.
    window.addEventListener('resize', resize);
    return () => {
      observer.disconnect();
      stopKeepClear();
      window.removeEventListener('resize', resize);
      host.dispose();
      if (window.galaxyScene === scene) window.galaxyScene = undefined;
      restartRef.current = undefined;
    };
  }, [scene, policy, clearColor, early]);

  if (failure?.kind === 'no-renderer') return <NoWebGL reasons={failure.reasons} />;
  const retry = () => {
    setFailure(undefined);
    restartRef.current?.();
  };
  return (
    <>
      {/* Kept while the device is given up on: the scene, its graph and camera wait in it for a retry. */}
      <div ref={containerRef} className="galaxy-canvas" style={{ position: 'absolute', inset: 0, overflow: 'hidden' }} />
      {failure?.kind === 'device-lost' ? (
        <GraphicsDeviceLost losses={failure.losses} reason={failure.reason} onRetry={retry} />
      ) : null}
    </>
  );
}
