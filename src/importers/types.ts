/** The graph formats `galaxy build` reads. */
export const FORMATS = [
  'edgelist',
  'dot',
  'graphml',
  'gexf',
  'json',
  'package-lock',
  'debian',
  'bgp',
  'graph-tool',
] as const;
export type GraphFormat = (typeof FORMATS)[number];

/** What an importer found besides the graph itself, reported to the user after the build. */
export interface ImportStats {
  duplicateEdges: number;
  selfLoops: number;
  /** Format-specific remarks, e.g. unsatisfiable Debian dependencies or AS-path prepending. */
  notes: string[];
}

/** A directed graph with named nodes: edge k goes from `sources[k]` to `targets[k]`. */
export interface ImportedGraph {
  format: GraphFormat;
  labels: string[];
  sources: Uint32Array;
  targets: Uint32Array;
  stats: ImportStats;
}

/** Bad input, with where it was found so the user can fix it. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly source?: string,
  ) {
    super(ImportError.describe(message, line, source));
    this.name = 'ImportError';
  }

  private static describe(message: string, line: number | undefined, source: string | undefined): string {
    const where = [source, line === undefined ? undefined : `line ${line}`].filter(Boolean).join(', ');
    return where ? `${where}: ${message}` : message;
  }
}

export interface ImportOptions {
  /** File name shown in messages. */
  source?: string;
  /** Called now and then with the share of the text parsed so far (0 to 1), by the importers that read line by line. */
  onProgress?: (share: number) => void;
}
