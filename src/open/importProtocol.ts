import type { GraphFormat, ImportStats } from '../importers/types';

/** A graph file to import: a File the visitor chose or dropped, or an address to fetch. */
export type ImportSource = { kind: 'file'; file: File } | { kind: 'url'; url: string };

export interface ImportRequest {
  source: ImportSource;
  /** Bytes this import may use (see memoryBudget.ts). */
  budget: number;
  /** The visitor's choice, as `galaxy build --format`; detected from the name and first bytes when absent. */
  format?: GraphFormat;
}

/** The imported graph in the wire format, ready to be kept and drawn. */
export interface ImportedFiles {
  format: GraphFormat;
  nodeCount: number;
  edgeCount: number;
  stats: ImportStats;
  /** Starting places (random, in the galaxy's coordinate range) until the layout has run. */
  positions: Uint8Array;
  links: Uint8Array;
  labels: string;
  /** Bytes read (before unpacking). */
  inputBytes: number;
}

export type ImportPhase = 'reading' | 'parsing' | 'encoding';

export type ImportReply =
  | { type: 'progress'; phase: ImportPhase; loaded: number; total: number | undefined }
  | { type: 'done'; files: ImportedFiles }
  | { type: 'error'; message: string }
  | { type: 'too-big'; neededBytes: number; budget: number };
