import { TileDataError } from './tileError';

/** A labels shard: a JSON array of the names of stars firstStar .. firstStar + count - 1 (UTF-8). */
export function encodeLabelShard(names: readonly string[]): string {
  return JSON.stringify(names);
}

/**
 * A label shard's file as written (UTF-8 JSON, unpacked) and which stars it names: what a search hands
 * on to its worker, which reads it there (readLabelShardFile), so that no thread decodes the names only
 * to encode them again for another.
 */
export interface LabelShardFile {
  shard: number;
  firstStar: number;
  count: number;
  bytes: Uint8Array;
}

export function readLabelShardFile({ bytes, shard, firstStar, count }: LabelShardFile): string[] {
  return decodeLabelShard(bytes, shard, firstStar, count);
}

export function decodeLabelShard(bytes: Uint8Array, shard: number, firstStar: number, count: number): string[] {
  const name = `labels shard ${shard} (stars ${firstStar}..${firstStar + count - 1})`;
  let names: string[] | undefined;
  try {
    names = splitStringArray(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new TileDataError(`${name} is not UTF-8 JSON (truncated?)`);
  }
  if (!names) throw new TileDataError(`${name} is not an array of names`);
  if (names.length !== count) throw new TileDataError(`${name} holds ${names.length} names, expected ${count}`);
  return names;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function skipSpace(text: string, at: number): number {
  while (at < text.length && (text[at] === ' ' || text[at] === '\n' || text[at] === '\r' || text[at] === '\t')) at++;
  return at;
}

/** Text that is not an array of strings: undefined when it is JSON of another shape; throws when it is not JSON. */
function otherShape(text: string): undefined {
  JSON.parse(text);
  return undefined;
}

/**
 * The strings of a JSON array of strings, or undefined when the text is JSON of another shape; text
 * that is not JSON throws. Each name is cut out of the text, and only a name with escapes goes
 * through JSON.parse: JSON.parse of a whole shard would make 16k strings of which V8 keeps the short
 * ones in its string table until a full collection, which a search over millions of names fills.
 */
export function splitStringArray(text: string): string[] | undefined {
  let at = skipSpace(text, 0);
  if (text[at] !== '[') return otherShape(text);
  const names: string[] = [];
  at = skipSpace(text, at + 1);
  if (text[at] === ']') return skipSpace(text, at + 1) === text.length ? names : otherShape(text);
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) return otherShape(text);
    let end = at + 1;
    let escaped = false;
    for (; end < text.length; end++) {
      const code = text.charCodeAt(end);
      if (code === QUOTE) break;
      if (code === BACKSLASH) {
        escaped = true;
        end++;
      } else if (code < 0x20) throw new SyntaxError('a control character inside a string');
    }
    if (end >= text.length) throw new SyntaxError('an unterminated string');
    names.push(escaped ? (JSON.parse(text.slice(at, end + 1)) as string) : text.slice(at + 1, end));
    at = skipSpace(text, end + 1);
    if (text[at] === ',') at = skipSpace(text, at + 1);
    else if (text[at] === ']') break;
    else throw new SyntaxError('neither "," nor "]" after a name');
  }
  if (skipSpace(text, at + 1) !== text.length) throw new SyntaxError('text after the array');
  return names;
}
