import { GraphBuilder } from './graphBuilder';
import { forEachLine } from './lines';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';

type Delimiter = '\t' | ',' | ';' | 'whitespace';

const HEADER_WORDS = new Set([
  'source', 'target', 'from', 'to', 'src', 'dst', 'dest', 'destination', 'node1', 'node2',
  'source_id', 'target_id', 'from_id', 'to_id', 'u', 'v', 'head', 'tail', 'id1', 'id2', 'weight',
]);

/** Lines that edge-list tools use for comments (SNAP uses '#', KONECT '%'). */
function isComment(line: string): boolean {
  const trimmed = line.trimStart();
  return trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('%') || trimmed.startsWith('//');
}

function pickDelimiter(line: string): Delimiter {
  if (line.includes('\t')) return '\t';
  if (line.includes(',')) return ',';
  if (line.includes(';')) return ';';
  return 'whitespace';
}

/** Splits one CSV/TSV line; double quotes may wrap a field and "" inside quotes is a quote. */
function splitFields(line: string, delimiter: Delimiter, lineNumber: number, source?: string): string[] {
  if (delimiter === 'whitespace') return line.trim().split(/\s+/);
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) throw new ImportError('a quoted field is not closed', lineNumber, source);
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += line[i++];
      }
      fields.push(value);
      while (i < line.length && line[i] !== delimiter) i++;
      i++;
    } else {
      let end = line.indexOf(delimiter, i);
      if (end === -1) end = line.length;
      fields.push(line.slice(i, end).trim());
      i = end + 1;
    }
  }
  return fields;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

function looksLikeHeader(fields: string[], next: string[] | undefined): boolean {
  if (fields.slice(0, 2).some((field) => HEADER_WORDS.has(field.toLowerCase()))) return true;
  // "a,b" over numeric rows is a header; over named rows it is an edge.
  return next !== undefined && !NUMBER.test(fields[0]) && NUMBER.test(next[0]) && NUMBER.test(next[1] ?? '');
}

/**
 * Edge lists: one edge per line, source then target (further columns such as weights are ignored),
 * separated by tabs, commas, semicolons or spaces; an optional header line; '#' and '%' comments.
 */
const ROWS_PER_PROGRESS = 1 << 15;

export function importEdgeList(text: string, options: ImportOptions = {}): ImportedGraph {
  const builder = new GraphBuilder();
  const rows: { fields: string[]; line: number }[] = [];
  let delimiter: Delimiter | undefined;
  forEachLine(text, (line, lineNumber) => {
    if (isComment(line)) return;
    delimiter ??= pickDelimiter(line);
    rows.push({ fields: splitFields(line, delimiter, lineNumber, options.source), line: lineNumber });
  }, options.onProgress && ((share) => options.onProgress?.(share / 2)));
  let first = 0;
  if (rows.length > 0 && looksLikeHeader(rows[0].fields, rows[1]?.fields)) first = 1;
  for (let r = first; r < rows.length; r++) {
    // Splitting the lines was the first half of the work, naming the nodes is the second.
    if (options.onProgress && r % ROWS_PER_PROGRESS === 0) options.onProgress(0.5 + r / rows.length / 2);
    const { fields, line } = rows[r];
    if (fields.length < 2) {
      throw new ImportError(
        `expected a source and a target separated by ${describe(delimiter)}, found "${fields.join('')}"`,
        line,
        options.source,
      );
    }
    const [from, to] = fields;
    if (from === '' || to === '') throw new ImportError('a node name is empty', line, options.source);
    builder.edge(from, to);
  }
  return builder.build('edgelist');
}

function describe(delimiter: Delimiter | undefined): string {
  if (delimiter === '\t') return 'a tab';
  if (delimiter === ',') return 'a comma';
  if (delimiter === ';') return 'a semicolon';
  return 'spaces';
}
