import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendPolicy } from '../../../src/renderer/backendPolicy';
import { NoRendererError } from '../../../src/renderer/createRenderer';
import { MAX_LOSSES_IN_A_ROW } from '../../../src/renderer/deviceLossCounter';
import { RendererHost, type CanvasSupply, type RendererFailure } from '../../../src/renderer/rendererHost';
import type { Backend, Renderer } from '../../../src/renderer/types';

/** A stand-in browser: which backends start, and the renderers it made. */
function browser(works: Record<Backend, boolean>) {
  const made: Array<Renderer & { loseDevice(reason: string): void; disposed: boolean }> = [];
  const create = async (makeCanvas: (backend: Backend) => HTMLCanvasElement, policy: BackendPolicy, order: readonly Backend[] = policy.order): Promise<Renderer> => {
    const { started, reasons } = await policy.firstThatStarts((backend) => {
      const canvas = makeCanvas(backend);
      if (!works[backend]) throw new Error(`${backend} is not available`);
      const listeners: Array<(reason: string) => void> = [];
      const renderer = {
        backend,
        softwareRasteriser: false,
        canvas,
        disposed: false,
        setStars: () => {},
        updateStarColors: () => {},
        updateStarSizes: () => {},
        updateStarFootprints: () => {},
        setStarCells: () => {},
        updateStars: () => {},
        setLinks: () => {},
        setLinkColours: () => {},
        resize: () => {},
        render: () => {},
        whenDrawn: async () => {},
        onLost: (listener: (reason: string) => void) => listeners.push(listener),
        simulateLoss: () => {},
        dispose: () => {
          renderer.disposed = true;
        },
        loseDevice: (reason: string) => listeners.forEach((listener) => listener(reason)),
      };
      made.push(renderer);
      return renderer;
    }, order);
    if (!started) throw new NoRendererError(reasons);
    return started.value;
  };
  return { create, made };
}

function hostIn(works: Record<Backend, boolean>, backend?: Backend) {
  const { create, made } = browser(works);
  let attached: Renderer | undefined;
  const slot = {
    attachRenderer: (renderer: Renderer) => (attached = renderer),
    detachRenderer: () => {
      const renderer = attached;
      attached = undefined;
      return renderer;
    },
  };
  let canvasesOnPage = 0;
  const canvases: CanvasSupply = {
    next: () => {
      canvasesOnPage = 1;
      return {} as HTMLCanvasElement;
    },
    remove: () => (canvasesOnPage = 0),
  };
  const failures: RendererFailure[] = [];
  let now = 0;
  const host = new RendererHost({
    slot,
    canvases,
    policy: new BackendPolicy(backend),
    create,
    onAttached: () => {},
    onFailure: (failure) => failures.push(failure),
    now: () => (now += 100),
  });
  return { host, made, failures, attached: () => attached, canvasesOnPage: () => canvasesOnPage };
}

/** Lets the recovery's start (a promise) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the renderer host', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts WebGPU where it works, else falls back to WebGL2', async () => {
    const gpu = hostIn({ webgpu: true, webgl2: true });
    await gpu.host.start();
    expect(gpu.attached()?.backend).toBe('webgpu');
    const gl = hostIn({ webgpu: false, webgl2: true });
    await gl.host.start();
    expect(gl.attached()?.backend).toBe('webgl2');
    expect(gl.failures).toEqual([]);
  });

  it('starts only the forced backend, and says why nothing could start', async () => {
    const { host, attached, failures } = hostIn({ webgpu: false, webgl2: true }, 'webgpu');
    await host.start();
    expect(attached()).toBeUndefined();
    expect(failures).toEqual([{ kind: 'no-renderer', reasons: ['webgpu is not available'] }]);
  });

  it('replaces a lost WebGPU device, with WebGL2 when WebGPU does not start again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const works = { webgpu: true, webgl2: true };
    const { host, made, attached, failures } = hostIn(works);
    await host.start();
    works.webgpu = false;
    made[0].loseDevice('WebGPU device lost');
    await settle();
    expect(made[0].disposed).toBe(true);
    expect(attached()?.backend).toBe('webgl2');
    expect(failures).toEqual([]);
  });

  it('gives up after too many losses in a row, never claiming WebGL is missing, and starts again on retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { host, made, attached, failures } = hostIn({ webgpu: false, webgl2: true });
    await host.start();
    for (let i = 0; i <= MAX_LOSSES_IN_A_ROW; i++) {
      made[made.length - 1].loseDevice('WebGL context lost');
      await settle();
    }
    expect(failures).toEqual([{ kind: 'device-lost', losses: MAX_LOSSES_IN_A_ROW + 1, reason: 'WebGL context lost' }]);
    expect(attached()).toBeUndefined();
    await host.start();
    expect(attached()?.backend).toBe('webgl2');
  });

  it('a device lost and not recovered is reported as lost, not as a browser without WebGL', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const works = { webgpu: false, webgl2: true };
    const { host, made, failures } = hostIn(works);
    await host.start();
    works.webgl2 = false;
    made[0].loseDevice('WebGL context lost');
    await settle();
    expect(failures).toEqual([{ kind: 'device-lost', losses: 1, reason: 'WebGL context lost; webgl2 is not available' }]);
  });

  it('disposed, it disposes its renderer, removes its canvas and drops a start still under way', async () => {
    const { host, made, attached, canvasesOnPage } = hostIn({ webgpu: true, webgl2: true });
    await host.start();
    host.dispose();
    expect(made[0].disposed).toBe(true);
    expect(canvasesOnPage()).toBe(0);
    const late = hostIn({ webgpu: true, webgl2: true });
    const starting = late.host.start();
    late.host.dispose();
    await starting;
    expect(late.attached()).toBeUndefined();
    expect(late.canvasesOnPage()).toBe(0);
    expect(attached()).toBeUndefined();
  });
});
