import { importBgpPaths } from './bgp';
import { baseName, extensionOf } from './fileName';
import { gunzip, GunzipLimitError } from './gunzip';
import { importDebianPackages } from './debian';
import { importDot } from './dot';
import { importEdgeList } from './edgeList';
import { importGexf } from './gexf';
import { importGraphml } from './graphml';
import { importGraphTool } from './graphTool';
import { importNodeLinkJson } from './nodeLinkJson';
import { importPackageLock } from './packageLock';
import { FORMATS, ImportError, type GraphFormat, type ImportedGraph, type ImportOptions } from './types';
import { rootElementName } from './xml';

export { FORMATS, ImportError, type GraphFormat, type ImportedGraph } from './types';

const GZIP_MAGIC = [0x1f, 0x8b];

/** Text inputs become one JavaScript string, which V8 caps at 2^29 - 24 UTF-16 units (one per byte at most). */
const MAX_TEXT_BYTES = 2 ** 29 - 24;

/** What gunzipping bytes in memory may produce (galaxy build streams and caps its input before this). */
const MAX_GUNZIPPED_BYTES = 256 * 1024 * 1024;

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

const BY_EXTENSION: Record<string, GraphFormat> = {
  '.csv': 'edgelist', '.tsv': 'edgelist', '.txt': 'edgelist', '.edges': 'edgelist', '.edgelist': 'edgelist',
  '.dot': 'dot', '.gv': 'dot',
  '.graphml': 'graphml',
  '.gexf': 'gexf',
  '.json': 'json',
  '.gt': 'graph-tool',
  '.bgp': 'bgp', '.aspath': 'bgp', '.aspaths': 'bgp',
};

/** How far into an XML file its root element is looked for. */
const XML_ROOT_SEARCH_BYTES = 1024 * 1024;

/**
 * Picks the format from the file's first bytes where they clearly name one (a GraphML or GEXF root,
 * DOT, JSON, graph-tool, BGP dumps, Debian Packages), else from its extension, else from the first
 * bytes' shape; undefined when nothing tells.
 */
export function detectFormat(fileName: string, bytes: Uint8Array): GraphFormat | undefined {
  const base = baseName(fileName).replace(/\.gz$/, '');
  if (base === 'package-lock.json' || base === 'npm-shrinkwrap.json') return 'package-lock';
  if (/^Packages(\.|$)/.test(base) || base.endsWith('_Packages')) return 'debian';
  const head = new TextDecoder().decode(bytes.subarray(0, 4096));
  if (head.startsWith('⛾ gt')) return 'graph-tool';
  const trimmed = head.trimStart();
  const byExtension = BY_EXTENSION[extensionOf(base).toLowerCase()];
  if (trimmed.startsWith('<')) {
    // A long prolog (comments, a DOCTYPE) may push the root tag far past the first 4 KB.
    const root = rootElementName(new TextDecoder().decode(bytes.subarray(0, XML_ROOT_SEARCH_BYTES)));
    if (root === 'graphml' || root === 'gexf') return root;
    // Markup of no graph format says nothing clear: an edge list's first name may be "<b>alice</b>".
    return byExtension;
  }
  if (/^(strict\s+)?(di)?graph[\s{]/i.test(trimmed)) return 'dot';
  if (trimmed.startsWith('{')) return /"lockfileVersion"/.test(head) ? 'package-lock' : 'json';
  if (/^Package:\s/m.test(head) && /^(Version|Depends|Architecture):/m.test(head)) return 'debian';
  if (/^(TABLE_DUMP2?|BGP4MP)\|/m.test(head)) return 'bgp';
  if (byExtension) return byExtension;
  // Text whose first data line holds two or more fields reads as an edge list.
  if (head.includes('\u0000')) return undefined;
  const firstLine = head.split('\n').find((line) => line.trim() !== '' && !/^\s*[#%]/.test(line));
  if (firstLine && firstLine.trim().split(/[\t,; ]+/).length >= 2) return 'edgelist';
  return undefined;
}

export function parseFormat(name: string): GraphFormat {
  const format = FORMATS.find((known) => known === name);
  if (!format) throw new ImportError(`unknown format "${name}"; known formats: ${FORMATS.join(', ')}`);
  return format;
}

/** Imports one file's bytes (gzip is undone first); `format` overrides detection. */
export function importGraph(
  bytes: Uint8Array,
  fileName: string,
  format?: GraphFormat,
  onProgress?: ImportOptions['onProgress'],
): ImportedGraph {
  const source = baseName(fileName);
  if (isGzip(bytes)) {
    try {
      bytes = gunzip(bytes, MAX_GUNZIPPED_BYTES);
    } catch (error) {
      if (error instanceof GunzipLimitError) throw new ImportError(error.message, undefined, source);
      throw new ImportError(`could not gunzip: ${(error as Error).message}`, undefined, source);
    }
  }
  const chosen = format ?? detectFormat(fileName, bytes);
  if (!chosen) {
    throw new ImportError(
      `cannot tell the graph format; pass --format with one of: ${FORMATS.join(', ')}`,
      undefined,
      source,
    );
  }
  if (chosen === 'graph-tool') return importGraphTool(bytes, { source });
  if (bytes.length > MAX_TEXT_BYTES) {
    throw new ImportError(
      `${chosen} input of ${Math.round(bytes.length / 2 ** 20)} MB is over the ${Math.floor(MAX_TEXT_BYTES / 2 ** 20)} MB a text input can have; split it`,
      undefined,
      source,
    );
  }
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const options: ImportOptions = { source, onProgress };
  switch (chosen) {
    case 'edgelist':
      return importEdgeList(text, options);
    case 'dot':
      return importDot(text, options);
    case 'graphml':
      return importGraphml(text, options);
    case 'gexf':
      return importGexf(text, options);
    case 'json':
      return importNodeLinkJson(text, options);
    case 'package-lock':
      return importPackageLock(text, options);
    case 'debian':
      return importDebianPackages(text, options);
    case 'bgp':
      return importBgpPaths(text, options);
  }
}
