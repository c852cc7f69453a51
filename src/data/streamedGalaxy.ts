/** The two files a classic galaxy still streams after positions.bin. */
export type StreamedFile = 'links' | 'labels';

/** In- and out-adjacency in CSR form, as links.bin decodes. */
export interface StreamedAdjacency {
  outOffsets: Uint32Array;
  outTargets: Uint32Array;
  inOffsets: Uint32Array;
  inTargets: Uint32Array;
  edgeCount: number;
}

/**
 * What has arrived of a galaxy still downloading: its stars as soon as positions.bin is decoded and
 * which files are still on their way; enough to draw and pick stars before the whole graph is there.
 * `adjacency`, when a source has it early, sizes the stars and draws links (the classic loader hands
 * links over with the whole graph, see docs/decisions.md).
 */
export interface StreamedGalaxy {
  name: string;
  version: string;
  starCount: number;
  /** x, y, z per star, already multiplied by the scale `s`. */
  positions: Float32Array;
  adjacency?: StreamedAdjacency;
  /** Files not yet decoded, in the order they are named to the visitor. */
  waitingFor: StreamedFile[];
}
