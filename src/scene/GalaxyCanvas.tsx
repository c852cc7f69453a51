import { useEffect, useRef, useState } from 'react';
import type { Graph } from '../data/graph';
import type { StreamedGalaxy } from '../data/streamedGalaxy';
import type { TiledStars } from '../tiles/stream/types';
import { backendOrder, createRenderer, forcedBackend, NoRendererError } from '../renderer/createRenderer';
import type { Renderer } from '../renderer/types';
import { GraphicsDeviceLost } from '../panels/GraphicsDeviceLost';
import { DeviceLossCounter } from './deviceLossCounter';
import { GalaxyScene } from './galaxyScene';
import type { Backend, GalaxyView } from './galaxyView';
import { NoWebGL } from './NoWebGL';

export interface GalaxyCanvasProps {
  graph: Graph | undefined;
  /** What has arrived of the galaxy still downloading, drawn while `graph` is undefined. */
  streamed?: StreamedGalaxy;
  /** The stars of a tiled galaxy streaming in, drawn instead of a graph. */
  tiled?: TiledStars;
  showLinks: boolean;
  maxVisibleDistance: number;
  scale: number;
  /** Called when a renderer is up (again after a lost device is recovered). */
  onViewReady?: (view: GalaxyView) => void;
  /** Use only this backend; by default `renderer=` in the page's query string, else WebGPU then WebGL2. */
  backend?: Backend;
  /** 0xRRGGBB behind the stars; 0 when not a number. */
  clearColor?: number;
}

/** Why nothing is drawn: no backend could start at all, or the device kept being lost. */
type CanvasFailure = { kind: 'no-renderer'; reasons: string[] } | { kind: 'device-lost'; losses: number; reason: string };

declare global {
  interface Window {
    /** The scene of the mounted GalaxyCanvas, for end-to-end tests and the console. */
    galaxyScene?: GalaxyScene;
  }
}

/**
 * A full-size canvas drawing the graph as stars and links. Picks WebGPU, then WebGL2, and
 * shows the No-WebGL screen when neither starts; a lost device is replaced keeping the camera, and
 * when it is lost too often in a row (deviceLossCounter.ts) the visitor is told so, with a retry.
 */
export function GalaxyCanvas({ graph, streamed, tiled, showLinks, maxVisibleDistance, scale, onViewReady, backend, clearColor }: GalaxyCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<GalaxyScene | undefined>(undefined);
  const latest = useRef({ graph, streamed, tiled, showLinks, maxVisibleDistance, scale, onViewReady });
  latest.current = { graph, streamed, tiled, showLinks, maxVisibleDistance, scale, onViewReady };
  const [failure, setFailure] = useState<CanvasFailure | undefined>(undefined);
  /** Starts a new renderer for the same scene ('Try again' after the device was given up on). */
  const restartRef = useRef<(() => void) | undefined>(undefined);
  const forced = backend ?? (typeof location === 'undefined' ? undefined : forcedBackend(location.search));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const scene = new GalaxyScene();
    sceneRef.current = scene;
    window.galaxyScene = scene;
    const props = latest.current;
    if (props.tiled) scene.setTiledStars(props.tiled);
    else scene.setGalaxy(props.graph, props.streamed);
    scene.setLinkSettings(props);
    let disposed = false;
    let losses = new DeviceLossCounter();
    let canvas: HTMLCanvasElement | undefined;

    const makeCanvas = () => {
      // A start still awaiting a backend after unmount (StrictMode runs effects twice) must not add a canvas.
      if (disposed) throw new Error('GalaxyCanvas was unmounted');
      canvas?.remove();
      canvas = document.createElement('canvas');
      canvas.dataset.testid = 'galaxy-canvas';
      canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;display:block;outline:none';
      canvas.tabIndex = 0;
      container.appendChild(canvas);
      return canvas;
    };

    const resize = () => {
      const rect = container.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      scene.resize(Math.max(1, Math.round(rect.width * ratio)), Math.max(1, Math.round(rect.height * ratio)), rect.width, rect.height);
    };

    const start = async (order: Backend[], afterLoss?: { losses: number; reason: string }) => {
      let renderer: Renderer;
      try {
        renderer = await createRenderer(makeCanvas, order, { clearColor });
      } catch (error) {
        if (disposed) return;
        const reasons = error instanceof NoRendererError ? error.reasons : [String(error)];
        // A browser that drew until its device was lost does support WebGL: never claim otherwise.
        if (afterLoss) setFailure({ kind: 'device-lost', losses: afterLoss.losses, reason: [afterLoss.reason, ...reasons].join('; ') });
        else setFailure({ kind: 'no-renderer', reasons });
        return;
      }
      if (disposed) {
        renderer.dispose();
        return;
      }
      renderer.onLost((reason) => {
        if (disposed) return;
        console.warn(`${reason}; starting a new renderer`);
        scene.detachRenderer()?.dispose();
        const decision = losses.lost(performance.now());
        if (decision.action === 'give-up') {
          setFailure({ kind: 'device-lost', losses: decision.inARow, reason });
          return;
        }
        void start(renderer.backend === 'webgpu' ? ['webgpu', 'webgl2'] : ['webgl2'], { losses: decision.inARow, reason });
      });
      losses.started(performance.now());
      scene.attachRenderer(renderer);
      resize();
      latest.current.onViewReady?.(scene);
    };
    void start(backendOrder(forced));
    restartRef.current = () => {
      losses = new DeviceLossCounter();
      void start(backendOrder(forced));
    };

    const observer = new ResizeObserver(resize);
    observer.observe(container);
    // A changed device pixel ratio (zoom, another screen) fires a window resize.
    window.addEventListener('resize', resize);
    return () => {
      disposed = true;
      observer.disconnect();
      window.removeEventListener('resize', resize);
      scene.dispose();
      canvas?.remove();
      if (window.galaxyScene === scene) window.galaxyScene = undefined;
      sceneRef.current = undefined;
      restartRef.current = undefined;
    };
  }, [forced, clearColor]);

  useEffect(() => {
    if (tiled) sceneRef.current?.setTiledStars(tiled);
    else sceneRef.current?.setGalaxy(graph, streamed);
  }, [graph, streamed, tiled]);

  useEffect(() => {
    sceneRef.current?.setLinkSettings({ showLinks, maxVisibleDistance, scale });
  }, [showLinks, maxVisibleDistance, scale]);

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
