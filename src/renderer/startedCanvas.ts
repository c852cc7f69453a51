/**
 * A canvas whose context was made before the renderer that will draw on it (the entry's first
 * stars, the star budget's probe), held until that renderer takes it. Taking frees what was drawn
 * with before; a context lost meanwhile takes its canvas off the page and the renderer makes its
 * own; dropping (the page left the galaxy first) takes the canvas off and gives the context back.
 */
export class StartedCanvas<Context> {
  private held: { canvas: HTMLCanvasElement; context: Context; release?: () => void } | undefined;

  constructor(
    private readonly isLost: (context: Context) => boolean,
    private readonly giveBack: (context: Context) => void,
  ) {}

  hold(canvas: HTMLCanvasElement, context: Context): void {
    this.held = { canvas, context };
  }

  get context(): Context | undefined {
    return this.held?.context;
  }

  /** Frees `release` (what was drawn with before the renderer) when the renderer takes the canvas. */
  releaseWhenTaken(release: () => void): void {
    if (this.held) this.held.release = release;
  }

  /** The held canvas and its context, once, unless the context was lost meanwhile. */
  take(): { canvas: HTMLCanvasElement; context: Context } | undefined {
    const taken = this.held;
    this.held = undefined;
    if (!taken) return undefined;
    taken.release?.();
    if (!this.isLost(taken.context)) return { canvas: taken.canvas, context: taken.context };
    taken.canvas.remove();
    return undefined;
  }

  drop(): void {
    const dropped = this.held;
    this.held = undefined;
    if (!dropped) return;
    dropped.release?.();
    dropped.canvas.remove();
    this.giveBack(dropped.context);
  }
}
