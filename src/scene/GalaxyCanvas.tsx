import { useEffect, useRef, useState } from 'react';
import type { Graph } from '../data/graph';
import type { StreamedGalaxy } from '../data/streamedGalaxy';
import type { TiledStars } from '../tiles/stream/types';
import type { StarNames } from '../labels/tiledLabelStars';
import { forcedBackend } from '../renderer/createRenderer';
import { canvasesIn, RendererHost, type RendererFailure } from '../renderer/rendererHost';
import { GraphicsDeviceLost } from '../panels/GraphicsDeviceLost';
import { GalaxyScene } from './galaxyScene';
import type { Backend, Scene } from './scene';
import { NoWebGL } from './NoWebGL';

export interface GalaxyCanvasProps {
  graph: Graph | undefined;
  /** What has arrived of the galaxy still downloading, drawn while `graph` is undefined. */
  streamed?: StreamedGalaxy;
  /** The stars of a tiled galaxy streaming in, drawn instead of a graph. */
  tiled?: TiledStars;
  /** Where the tiled galaxy's star names come from (its catalog); without it no names are drawn. */
  tiledNames?: StarNames;
  showLinks: boolean;
  maxVisibleDistance: number;
  scale: number;
  /** Called when a renderer is up (again after a lost device is recovered). */
  onViewReady?: (view: Scene) => void;
  /** Use only this backend; by default `renderer=` in the page's query string, else WebGPU then WebGL2. */
  backend?: Backend;
  /** 0xRRGGBB behind the stars; 0 when not a number. */
  clearColor?: number;
}

declare global {
  interface Window {
    /** The scene of the mounted GalaxyCanvas, for end-to-end tests and the console. */
    galaxyScene?: GalaxyScene;
  }
}

/**
 * A full-size canvas drawing the graph as stars and links: mounts one scene and a renderer host
 * (src/renderer/rendererHost.ts: backend choice, fallback, lost-device recovery), and shows the
 * No-WebGL screen when no backend starts, or that the device was lost too often, with a retry.
 */
export function GalaxyCanvas({ graph, streamed, tiled, tiledNames, showLinks, maxVisibleDistance, scale, onViewReady, backend, clearColor }: GalaxyCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<GalaxyScene | undefined>(undefined);
  const latest = useRef({ graph, streamed, tiled, tiledNames, showLinks, maxVisibleDistance, scale, onViewReady });
  latest.current = { graph, streamed, tiled, tiledNames, showLinks, maxVisibleDistance, scale, onViewReady };
  const [failure, setFailure] = useState<RendererFailure | undefined>(undefined);
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
    if (props.tiled) scene.setTiledStars(props.tiled, props.tiledNames);
    else scene.setGalaxy(props.graph, props.streamed);
    scene.setLinkSettings(props);
    const resize = () => {
      const rect = container.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      scene.resize(Math.max(1, Math.round(rect.width * ratio)), Math.max(1, Math.round(rect.height * ratio)), rect.width, rect.height);
    };
    const host = new RendererHost({
      slot: scene,
      canvases: canvasesIn(container),
      backend: forced,
      rendererOptions: { clearColor },
      onAttached: () => {
        resize();
        latest.current.onViewReady?.(scene);
      },
      onFailure: setFailure,
    });
    void host.start();
    restartRef.current = () => void host.start();

    const observer = new ResizeObserver(resize);
    observer.observe(container);
    // A changed device pixel ratio (zoom, another screen) fires a window resize.
    window.addEventListener('resize', resize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', resize);
      host.dispose();
      scene.dispose();
      if (window.galaxyScene === scene) window.galaxyScene = undefined;
      sceneRef.current = undefined;
      restartRef.current = undefined;
    };
  }, [forced, clearColor]);

  useEffect(() => {
    if (tiled) sceneRef.current?.setTiledStars(tiled, tiledNames);
    else sceneRef.current?.setGalaxy(graph, streamed);
  }, [graph, streamed, tiled, tiledNames]);

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
