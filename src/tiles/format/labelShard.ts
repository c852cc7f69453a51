import type { LabelIndex } from '../../data/labelIndex';
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
  const names: string[] = [];
  readShard(bytes, shard, firstStar, count, (text, open, close, escaped) => names.push(nameAt(text, open, close, escaped)));
  return names;
}

/**
 * A label shard's names as a LabelIndex over the shard's own text: a name without escapes is a range
 * of it (quotes left out), and only names with escapes are unescaped and appended after it. Reading
 * a shard so makes one string, not one per name and then their join: a streaming viewer reads shards
 * by the hundred, and their garbage was most of what its tile worker allocated.
 */
export function indexLabelShard({ bytes, shard, firstStar, count }: LabelShardFile): LabelIndex {
  const labelStarts = new Uint32Array(count);
  const labelEnds = new Uint32Array(count);
  const unescaped: string[] = [];
  let n = 0;
  let appendedEnd = 0;
  const text = readShard(bytes, shard, firstStar, count, (shardText, open, close, escaped) => {
    if (n >= count) return;
    if (escaped) {
      const name = nameAt(shardText, open, close, true);
      unescaped.push(name);
      labelStarts[n] = shardText.length + appendedEnd;
      appendedEnd += name.length;
      labelEnds[n] = shardText.length + appendedEnd;
    } else {
      labelStarts[n] = open + 1;
      labelEnds[n] = close;
    }
    n++;
  });
  return { labelText: unescaped.length === 0 ? text : text + unescaped.join(''), labelStarts, labelEnds };
}

/**
 * The shard's text, after `onName(text, open, close, escaped)` was called for each of its names (at
 * their quotes); a file that is not UTF-8 JSON, not an array of strings or of another length throws a
 * TileDataError naming the shard.
 */
function readShard(
  bytes: Uint8Array,
  shard: number,
  firstStar: number,
  count: number,
  onName: (text: string, open: number, close: number, escaped: boolean) => void,
): string {
  const name = `labels shard ${shard} (stars ${firstStar}..${firstStar + count - 1})`;
  let text = '';
  let names: number | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    names = scanStringArray(text, onName);
  } catch {
    throw new TileDataError(`${name} is not UTF-8 JSON (truncated?)`);
  }
  if (names === undefined) throw new TileDataError(`${name} is not an array of names`);
  if (names !== count) throw new TileDataError(`${name} holds ${names} names, expected ${count}`);
  return text;
}

/** The name whose quotes are at `open` and `close`: cut out of the text, or unescaped when it has escapes. */
function nameAt(text: string, open: number, close: number, escaped: boolean): string {
  return escaped ? (JSON.parse(text.slice(open, close + 1)) as string) : text.slice(open + 1, close);
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
  const names: string[] = [];
  const found = scanStringArray(text, (_, open, close, escaped) => names.push(nameAt(text, open, close, escaped)));
  return found === undefined ? undefined : names;
}

/**
 * Calls `onName(text, open, close, escaped)` for each string of a JSON array of strings, at its
 * quotes, and says how many there were; undefined when the text is JSON of another shape; throws
 * when it is not JSON.
 */
function scanStringArray(text: string, onName: (text: string, open: number, close: number, escaped: boolean) => void): number | undefined {
  let at = skipSpace(text, 0);
  if (text[at] !== '[') return otherShape(text);
  at = skipSpace(text, at + 1);
  if (text[at] === ']') return skipSpace(text, at + 1) === text.length ? 0 : otherShape(text);
  let count = 0;
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
    onName(text, at, end, escaped);
    count++;
    at = skipSpace(text, end + 1);
    if (text[at] === ',') at = skipSpace(text, at + 1);
    else if (text[at] === ']') break;
    else throw new SyntaxError('neither "," nor "]" after a name');
  }
  if (skipSpace(text, at + 1) !== text.length) throw new SyntaxError('text after the array');
  return count;
}
