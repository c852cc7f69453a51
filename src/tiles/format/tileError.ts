/** A tiled galaxy's file that cannot be used; the message names the file and, for a tile, its region. */
export class TileDataError extends Error {
  constructor(
    message: string,
    /** The tile the error is about, when it is about one. */
    readonly tile?: number,
  ) {
    super(message);
    this.name = 'TileDataError';
  }
}

/** The text of anything thrown, for messages that name what failed. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
