import { indexLabels, type LabelIndex } from '../labelIndex';
import { fitLabels, labelCountWarning, parseLabelsJson } from './labels';

/** Thrown when labels.json's bytes are not UTF-8. */
export class NotUtf8Error extends Error {}

/** What the scanner expects next. */
const Expect = {
  ArrayStart: 0,
  FirstValue: 1,
  Value: 2,
  String: 3,
  Escape: 4,
  CommaOrEnd: 5,
  Nothing: 6,
} as const;
type Expect = (typeof Expect)[keyof typeof Expect];

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN = 91;
const CLOSE = 93;

function isJsonSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** A Uint32Array that grows by doubling, for per-name offsets whose count is known only at the end. */
class GrowingUint32 {
  values = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * Reads labels.json as its bytes arrive. The usual file, a JSON array of strings, is indexed in
 * place: each name is a start and end offset into the decoded text, so no string is built per name
 * and the scan overlaps the download. Anything else a JSON array may hold (numbers, null, nested
 * values) and any malformed text falls back to JSON.parse over the whole text at the end, so the
 * meaning and the error messages are exactly JSON's.
 */
export class LabelsScanner {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly parts: string[] = [];
  private textLength = 0;
  private expect: Expect = Expect.ArrayStart;
  private fallback = false;
  private readonly starts = new GrowingUint32();
  private readonly ends = new GrowingUint32();
  /** Indexes of names written with escapes: their text is unescaped at the end. */
  private readonly escaped: number[] = [];
  private nameHasEscape = false;

  /** Takes the next bytes of the file; throws NotUtf8Error on bytes that are not UTF-8. */
  push(bytes: Uint8Array): void {
    this.pushText(this.decode(bytes, true));
  }

  pushText(text: string): void {
    if (text.length === 0) return;
    this.parts.push(text);
    if (!this.fallback) this.scan(text, this.textLength);
    this.textLength += text.length;
  }

  /** The names fitted to `nodeCount` (docs/rules.md#errors repairs, reported as warnings). */
  finish(nodeCount: number): LabelIndex & { warnings: string[] } {
    this.pushText(this.decode(new Uint8Array(0), false));
    const text = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    if (this.fallback || this.expect !== Expect.Nothing) return this.parsed(text, nodeCount);

    const count = this.starts.length;
    const kept = Math.min(count, nodeCount);
    const labelStarts = this.starts.values.slice(0, nodeCount);
    const labelEnds = this.ends.values.slice(0, nodeCount);
    if (labelStarts.length < nodeCount) {
      const grownStarts = new Uint32Array(nodeCount);
      const grownEnds = new Uint32Array(nodeCount);
      grownStarts.set(labelStarts);
      grownEnds.set(labelEnds);
      return this.withTail(text, grownStarts, grownEnds, kept, nodeCount, count);
    }
    return this.withTail(text, labelStarts, labelEnds, kept, nodeCount, count);
  }

  /** Appends what cannot point into the file's text: unescaped names and ids for unnamed nodes. */
  private withTail(
    text: string,
    labelStarts: Uint32Array,
    labelEnds: Uint32Array,
    kept: number,
    nodeCount: number,
    count: number,
  ): LabelIndex & { warnings: string[] } {
    const tail: string[] = [];
    let end = text.length;
    const append = (id: number, name: string) => {
      labelStarts[id] = end;
      end += name.length;
      labelEnds[id] = end;
      tail.push(name);
    };
    for (const id of this.escaped) {
      if (id >= kept) break;
      const literal = text.slice(labelStarts[id] - 1, labelEnds[id] + 1);
      let name: string;
      try {
        name = JSON.parse(literal) as string;
      } catch {
        return this.parsed(text, nodeCount);
      }
      append(id, name);
    }
    for (let id = kept; id < nodeCount; id++) append(id, String(id));
    const warning = labelCountWarning(count, nodeCount);
    return {
      labelText: tail.length === 0 ? text : text + tail.join(''),
      labelStarts,
      labelEnds,
      warnings: warning ? [warning] : [],
    };
  }

  private parsed(text: string, nodeCount: number): LabelIndex & { warnings: string[] } {
    const { labels, warnings } = fitLabels(parseLabelsJson(text), nodeCount);
    return { ...indexLabels(labels), warnings };
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    try {
      return this.decoder.decode(bytes, { stream });
    } catch {
      throw new NotUtf8Error('labels.json is not UTF-8 text');
    }
  }

  /** Advances the state machine over `text`, whose first character is at `offset` in the whole text. */
  private scan(text: string, offset: number): void {
    let expect: Expect = this.expect;
    const length = text.length;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (expect === Expect.String) {
        if (code === QUOTE) {
          this.ends.push(offset + i);
          if (this.nameHasEscape) this.escaped.push(this.ends.length - 1);
          expect = Expect.CommaOrEnd;
        } else if (code === BACKSLASH) {
          this.nameHasEscape = true;
          expect = Expect.Escape;
        } else if (code < 32) {
          this.fallback = true;
          return;
        }
      } else if (expect === Expect.Escape) {
        expect = Expect.String;
      } else if (isJsonSpace(code)) {
        continue;
      } else if (code === QUOTE && expect !== Expect.ArrayStart && expect !== Expect.CommaOrEnd && expect !== Expect.Nothing) {
        this.starts.push(offset + i + 1);
        this.nameHasEscape = false;
        expect = Expect.String;
      } else if (code === OPEN && expect === Expect.ArrayStart) {
        expect = Expect.FirstValue;
      } else if (code === COMMA && expect === Expect.CommaOrEnd) {
        expect = Expect.Value;
      } else if (code === CLOSE && (expect === Expect.CommaOrEnd || expect === Expect.FirstValue)) {
        expect = Expect.Nothing;
      } else {
        this.fallback = true;
        return;
      }
    }
    this.expect = expect;
  }
}
