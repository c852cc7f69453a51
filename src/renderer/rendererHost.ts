import type { BackendPolicy } from './backendPolicy';
import { createRenderer, NoRendererError } from './createRenderer';
import { DeviceLossCounter } from './deviceLossCounter';
import type { Backend, Renderer, RendererOptions } from './types';
import type { EarlyGpu } from './earlyGpu';

/** What draws through the host's renderer: the scene, which uploads what it holds into each new one. */
export interface RendererSlot {
  attachRenderer(renderer: Renderer): void;
  /** Gives back the renderer attached last, if any, and stops using it. */
  detachRenderer(): Renderer | undefined;
}

/** Why nothing is drawn: no backend could start at all, or the device kept being lost. */
export type RendererFailure = { kind: 'no-renderer'; reasons: string[] } | { kind: 'device-lost'; losses: number; reason: string };

/** A fresh canvas per attempt (a canvas holds only one kind of context), replacing the one before. */
export interface CanvasSupply {
  /** A canvas for `backend`'s context. */
  next(backend: Backend): HTMLCanvasElement;
  /** Takes the last canvas off the page. */
  remove(): void;
}

export interface RendererHostOptions {
  slot: RendererSlot;
  canvases: CanvasSupply;
  /** Which backends are tried, in which order, and which after a lost device. */
  policy: BackendPolicy;
  rendererOptions?: RendererOptions;
  /** A renderer was attached to the slot (again, after a lost device was replaced). */
  onAttached(renderer: Renderer): void;
  /** Nothing will be drawn until start() is called again. */
  onFailure(failure: RendererFailure): void;
  /** Milliseconds, for the count of losses in a row. */
  now?: () => number;
  /** Starts a renderer from the first backend of an order that works (tests give stand-ins). */
  create?: typeof createRenderer;
}

/**
 * The renderer's lifecycle, apart from any UI: starts one (from the policy's order), attaches it to the slot, and when its device is lost replaces it keeping the slot's
 * state, until the device is lost too often in a row (docs/rules.md#galaxy-screen,
 * deviceLossCounter.ts). Failures go to `onFailure`; the mount shows them.
 */
export class RendererHost {
  private losses = new DeviceLossCounter();
  private disposed = false;
  private readonly now: () => number;
  private readonly create: typeof createRenderer;

  constructor(private readonly options: RendererHostOptions) {
    this.now = options.now ?? (() => performance.now());
    this.create = options.create ?? createRenderer;
  }

  /** Starts a renderer: once, and again only after `onFailure` ('Try again'), with the count of losses reset. */
  start(): Promise<void> {
    this.losses = new DeviceLossCounter();
    return this.startFrom(this.options.policy.order);
  }

  /** Disposes the renderer it attached and takes its canvas off the page; a start still under way ends unused. */
  dispose(): void {
    this.disposed = true;
    this.options.slot.detachRenderer()?.dispose();
    this.options.canvases.remove();
  }

  private async startFrom(order: readonly Backend[], afterLoss?: { losses: number; reason: string }): Promise<void> {
    const { slot, canvases, rendererOptions, onAttached, onFailure } = this.options;
    let renderer: Renderer;
    try {
      renderer = await this.create((backend) => this.nextCanvas(canvases, backend), this.options.policy, order, rendererOptions);
    } catch (error) {
      if (this.disposed) return;
      const reasons = error instanceof NoRendererError ? error.reasons : [String(error)];
      // A browser that drew until its device was lost does support WebGL: never claim otherwise.
      if (afterLoss) onFailure({ kind: 'device-lost', losses: afterLoss.losses, reason: [afterLoss.reason, ...reasons].join('; ') });
      else onFailure({ kind: 'no-renderer', reasons });
      return;
    }
    if (this.disposed) {
      renderer.dispose();
      return;
    }
    renderer.onLost((reason) => this.lost(renderer, reason));
    this.losses.started(this.now());
    slot.attachRenderer(renderer);
    onAttached(renderer);
  }

  private nextCanvas(canvases: CanvasSupply, backend: Backend): HTMLCanvasElement {
    // A start still awaiting a backend after dispose (StrictMode mounts twice) must not add a canvas.
    if (this.disposed) throw new Error('The renderer host was disposed');
    return canvases.next(backend);
  }

  private lost(renderer: Renderer, reason: string): void {
    if (this.disposed) return;
    console.warn(`${reason}; starting a new renderer`);
    this.options.slot.detachRenderer()?.dispose();
    const decision = this.losses.lost(this.now());
    if (decision.action === 'give-up') {
      this.options.onFailure({ kind: 'device-lost', losses: decision.inARow, reason });
      return;
    }
    void this.startFrom(this.options.policy.afterLoss(renderer.backend), { losses: decision.inARow, reason });
  }
}

/** Full-size, focusable canvases in `container`, each replacing the one before; each backend's first is the one the page started (the entry's first stars), if any. */
export function canvasesIn(container: HTMLElement, early?: EarlyGpu): CanvasSupply {
  let canvas: HTMLCanvasElement | undefined;
  return {
    next(backend) {
      canvas?.remove();
      canvas = early?.takeCanvas(backend) ?? document.createElement('canvas');
      canvas.dataset.testid = 'galaxy-canvas';
      canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;display:block;outline:none';
      canvas.tabIndex = 0;
      container.appendChild(canvas);
      return canvas;
    },
    remove() {
      canvas?.remove();
      canvas = undefined;
    },
  };
}
