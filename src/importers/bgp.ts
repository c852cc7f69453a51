import { GraphBuilder } from './graphBuilder';
import { forEachLine } from './lines';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';

/** bgpdump -m: TYPE|time|A/B|peer ip|peer AS|prefix|AS path|origin|... (W withdrawals carry no path). */
const BGPDUMP_PATH_FIELD = 6;

function asNumber(token: string, line: number, source?: string): number {
  // asdot notation "1.10" is 1 * 65536 + 10.
  const dot = /^(\d+)\.(\d+)$/.exec(token);
  const value = dot ? Number(dot[1]) * 65536 + Number(dot[2]) : /^\d+$/.test(token) ? Number(token) : NaN;
  if (!Number.isSafeInteger(value) || value > 0xffffffff) {
    throw new ImportError(`"${token}" is not an AS number`, line, source);
  }
  return value;
}

export const asLabel = (asn: number): string => `AS${asn}`;

/**
 * BGP AS paths, one per line: plain ("3356 1299 13335") or `bgpdump -m` output. Consecutive ASes
 * become links of an undirected AS adjacency graph; prepending (an AS repeated) is collapsed and
 * AS sets ("{64512,64513}") end the path, since their order is unknown.
 */
export function importBgpPaths(text: string, options: ImportOptions = {}): ImportedGraph {
  const builder = new GraphBuilder();
  let prepended = 0;
  let sets = 0;
  let paths = 0;
  forEachLine(text, (raw, lineNumber) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    let path = line;
    if (line.includes('|')) {
      const fields = line.split('|');
      if (fields[2] === 'W' || fields[2] === 'STATE') return;
      path = fields[BGPDUMP_PATH_FIELD];
      if (path === undefined) {
        throw new ImportError('a bgpdump -m line with fewer than 7 "|"-separated fields', lineNumber, options.source);
      }
    }
    const tokens = path.trim().split(/\s+/).filter(Boolean);
    let previous: number | undefined;
    for (const token of tokens) {
      if (token.startsWith('{') || token.startsWith('[') || token.startsWith('(')) {
        sets++;
        break;
      }
      const asn = asNumber(token, lineNumber, options.source);
      if (asn === previous) {
        prepended++;
        continue;
      }
      if (previous === undefined) builder.node(asLabel(asn));
      else builder.undirectedEdge(asLabel(previous), asLabel(asn));
      previous = asn;
    }
    paths++;
  }, options.onProgress);
  if (paths > 0) builder.notes.push(`${paths} AS paths read`);
  if (prepended > 0) builder.notes.push(`${prepended} prepended AS repetitions collapsed`);
  if (sets > 0) builder.notes.push(`${sets} paths ended at an AS set`);
  return builder.build('bgp');
}
