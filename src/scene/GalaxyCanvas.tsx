import { useEffect, useRef, useState } from 'react';
import type { Graph } from '../data/graph';
import type { StreamedGalaxy } from '../data/streamedGalaxy';
import { backendOrder, createRenderer, forcedBackend, NoRendererError } from '../renderer/createRenderer';
import type { Renderer } from '../renderer/types';
import { GalaxyScene } from './galaxyScene';
import type { Backend, GalaxyView } from './galaxyView';
import { NoWebGL } from './NoWebGL';

export interface GalaxyCanvasProps {
  graph: Graph | undefined;
  /** What has arrived of the galaxy still downloading, drawn while `graph` is undefined. */
  streamed?: StreamedGalaxy;
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

/** How many lost devices in a row are recovered before giving up. */
const MAX_RECOVERIES = 5;

declare global {
  interface Window {
    /** The scene of the mounted GalaxyCanvas, for end-to-end tests and the console. */
    galaxyScene?: GalaxyScene;
  }
}

/**
 * A full-size canvas drawing the graph as stars and links. Picks WebGPU, then WebGL2, and
 * shows the No-WebGL screen when neither starts; a lost device is replaced keeping the camera.
 */
export function GalaxyCanvas({ graph, streamed, showLinks, maxVisibleDistance, scale, onViewReady, backend, clearColor }: GalaxyCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<GalaxyScene | undefined>(undefined);
  const latest = useRef({ graph, streamed, showLinks, maxVisibleDistance, scale, onViewReady });
  latest.current = { graph, streamed, showLinks, maxVisibleDistance, scale, onViewReady };
  const [failure, setFailure] = useState<string[] | undefined>(undefined);
  const forced = backend ?? (typeof location === 'undefined' ? undefined : forcedBackend(location.search));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const scene = new GalaxyScene();
    sceneRef.current = scene;
    window.galaxyScene = scene;
    const props = latest.current;
    scene.setGalaxy(props.graph, props.streamed);
    scene.setLinkSettings(props);
    let disposed = false;
    let recoveries = 0;
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

    const start = async (order: Backend[]) => {
      let renderer: Renderer;
      try {
        renderer = await createRenderer(makeCanvas, order, { clearColor });
      } catch (error) {
        if (!disposed) setFailure(error instanceof NoRendererError ? error.reasons : [String(error)]);
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
        if (++recoveries > MAX_RECOVERIES) {
          setFailure([reason]);
          return;
        }
        void start(renderer.backend === 'webgpu' ? ['webgpu', 'webgl2'] : ['webgl2']);
      });
      scene.attachRenderer(renderer);
      resize();
      latest.current.onViewReady?.(scene);
    };
    void start(backendOrder(forced));

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
    };
  }, [forced, clearColor]);

  useEffect(() => {
    sceneRef.current?.setGalaxy(graph, streamed);
  }, [graph, streamed]);

  useEffect(() => {
    sceneRef.current?.setLinkSettings({ showLinks, maxVisibleDistance, scale });
  }, [showLinks, maxVisibleDistance, scale]);

  if (failure) return <NoWebGL reasons={failure} />;
  return <div ref={containerRef} className="galaxy-canvas" style={{ position: 'absolute', inset: 0, overflow: 'hidden' }} />;
}
