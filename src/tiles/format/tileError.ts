/** A tiled galaxy's file that cannot be used; the message names the file and, for a tile, its region. */
export class TileDataError extends Error {
  constructor(
    message: string,
    /** The tile the error is about, when it is about one. */
    readonly tile?: number,
    /** Nothing arrived for the stall limit: the file may well come when asked for again. */
    readonly stalled = false,
  ) {
    super(message);
    this.name = 'TileDataError';
  }
}

/** The text of anything thrown, for messages that name what failed. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether a failure is (or wraps) a download that stalled. */
export function isStalled(error: unknown): boolean {
  return error instanceof TileDataError && error.stalled;
}
