import { BackendPolicy, forcedBackend } from '../renderer/backendPolicy';
import { EarlyGpu } from '../renderer/earlyGpu';
import { EarlyRequests } from './earlyRequests';
import { paintFirstStarsEarly } from './firstStars';

/**
 * What the page's entry started before the viewer's code ran, handed to the viewer as one object
 * (src/main.tsx, startViewer) that reads it once and disposes it once: the address's galaxy files
 * asked for early, the GPU device or context started for the first renderer, the backend policy
 * they were started by, and the first stars drawn with them.
 */
export class PageStart {
  readonly gpu = new EarlyGpu();
  /** Resolves when the viewer may start: the first stars drawn (on WebGPU, their frame done), nothing to draw, or the entry's deadline (paintFirstStarsEarly). */
  readonly firstStars: Promise<void>;

  private constructor(
    readonly href: string,
    readonly policy: BackendPolicy,
    readonly files: EarlyRequests | undefined,
  ) {
    if (files && policy.triesFirst('webgpu')) this.gpu.webgpu.start();
    this.firstStars = files ? paintFirstStarsEarly(this) : Promise.resolve();
  }

  /** Starts the page at `href`: its galaxy's first requests, the first backend's device, the first stars. */
  static begin(href: string, dataRoot: string): PageStart {
    return new PageStart(href, new BackendPolicy(forcedBackend(new URL(href).search)), EarlyRequests.start(href, dataRoot));
  }

  /** Drops what no one took: the early requests, the started canvases with what was drawn on them. */
  dispose(): void {
    this.files?.drop();
    this.gpu.drop();
  }
}
