/**
 * The grammar of ':' console commands, read without evaluating anything:
 *
 *     script    = call { ';' call } [ ';' ]
 *     call      = name '(' [ literal { ',' literal } ] ')'   e.g. hl('react', '#f00')
 *               | name { 'text' | "text" | word }            e.g. hl react #f00
 *     literal   = 'text' | "text" | number | true | false | /regex/flags
 *
 * A bare word in the shorthand form is text unless it reads as a number or boolean (so `hl ^re/`
 * searches for '^re/'); patterns given as text are matched as the search box matches them.
 * Anything else (loops, property access, other functions) is a syntax error with a message.
 */
export type CommandArgument = string | number | boolean | RegExp;

export interface ParsedCall {
  name: string;
  args: CommandArgument[];
}

export type ParseResult = { ok: true; calls: ParsedCall[] } | { ok: false; message: string };

class CommandSyntaxError extends Error {}

const NUMBER = /^[+-]?(?:0x[0-9a-f]+|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)$/i;
const NAME = /^[A-Za-z_$][\w$]*/;

function numberOf(text: string): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const negative = text.startsWith('-');
  const body = text.replace(/^[+-]/, '');
  const value = /^0x/i.test(body) ? Number.parseInt(body.slice(2), 16) : Number(body);
  return negative ? -value : value;
}

/** Reads one script; positions in messages count from 1, after the ':'. */
class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  /** True when the next character is not part of the word just read (space, ';' or the end). */
  atBoundary(): boolean {
    const next = this.text[this.at];
    return next === undefined || next === ';' || /\s/.test(next);
  }

  done(): boolean {
    this.skipSpace();
    return this.at >= this.text.length;
  }

  peek(): string {
    this.skipSpace();
    return this.text[this.at] ?? '';
  }

  take(char: string): boolean {
    if (this.peek() !== char) return false;
    this.at++;
    return true;
  }

  expect(char: string, what: string): void {
    if (!this.take(char)) this.fail(`expected ${what}`);
  }

  fail(problem: string): never {
    const found = this.at >= this.text.length ? 'the end' : `"${this.text.slice(this.at, this.at + 12)}"`;
    throw new CommandSyntaxError(`Cannot read the command: ${problem} at character ${this.at + 1} (found ${found})`);
  }

  name(): string {
    this.skipSpace();
    const match = NAME.exec(this.text.slice(this.at));
    if (!match) this.fail('expected a command name');
    this.at += match[0].length;
    return match[0];
  }

  /** A literal inside parentheses. */
  literal(): CommandArgument {
    const first = this.peek();
    if (first === "'" || first === '"') return this.quoted(first);
    if (first === '/') return this.regex();
    const match = /^[^\s,;()]+/.exec(this.text.slice(this.at));
    const token = match?.[0] ?? '';
    if (token === 'true' || token === 'false') {
      this.at += token.length;
      return token === 'true';
    }
    const number = numberOf(token);
    if (number === undefined) this.fail("expected a 'string', a number, true, false or a /pattern/");
    this.at += token.length;
    return number;
  }

  /** A word of the shorthand form: quoted text, a /pattern/, or a bare word. */
  word(): CommandArgument {
    const first = this.peek();
    if (first === "'" || first === '"') return this.quoted(first);
    const match = /^[^\s;]+/.exec(this.text.slice(this.at));
    const token = match?.[0] ?? '';
    this.at += token.length;
    if (token === 'true' || token === 'false') return token === 'true';
    return numberOf(token) ?? token;
  }

  private quoted(quote: string): string {
    this.at++;
    let value = '';
    while (this.at < this.text.length) {
      const char = this.text[this.at++];
      if (char === quote) return value;
      if (char !== '\\') {
        value += char;
        continue;
      }
      const escaped = this.text[this.at++] ?? '';
      value += ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[escaped] ?? escaped;
    }
    this.fail(`unclosed ${quote} string`);
  }

  private regex(): RegExp {
    const start = this.at++;
    let source = '';
    let inClass = false;
    while (this.at < this.text.length) {
      const char = this.text[this.at++];
      if (char === '\\') {
        source += char + (this.text[this.at++] ?? '');
        continue;
      }
      if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      else if (char === '/' && !inClass) {
        const flags = /^[a-z]*/.exec(this.text.slice(this.at))?.[0] ?? '';
        this.at += flags.length;
        try {
          return new RegExp(source, flags);
        } catch {
          this.at = start;
          this.fail(`not a valid pattern /${source}/${flags}`);
        }
      }
      source += char;
    }
    this.at = start;
    this.fail('unclosed /pattern/');
  }

  private skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++;
  }
}

export function unknownCommandMessage(name: string, known: readonly string[]): string {
  return `Unknown command "${name}": the commands are ${known.join(', ')}`;
}

function parseCall(reader: Reader, known: readonly string[]): ParsedCall {
  const name = reader.name();
  if (!known.includes(name)) throw new CommandSyntaxError(unknownCommandMessage(name, known));
  const args: CommandArgument[] = [];
  const boundary = reader.atBoundary();
  if (reader.take('(')) {
    if (!reader.take(')')) {
      do args.push(reader.literal());
      while (reader.take(','));
      reader.expect(')', '"," or ")"');
    }
    return { name, args };
  }
  if (!boundary) reader.fail(`expected "(" or a space after ${name}`);
  while (!reader.done() && reader.peek() !== ';') args.push(reader.word());
  return { name, args };
}

/** Parses a ':' script (the text after the colon) into calls of the `known` commands; never throws. */
export function parseCommandScript(script: string, known: readonly string[]): ParseResult {
  const reader = new Reader(script);
  if (reader.done()) return { ok: false, message: 'Type a command after ":", e.g. :hl react' };
  try {
    const calls: ParsedCall[] = [];
    do {
      if (reader.done()) break;
      calls.push(parseCall(reader, known));
    } while (reader.take(';'));
    if (!reader.done()) reader.fail('expected ";" or the end of the command');
    return { ok: true, calls };
  } catch (error) {
    if (error instanceof CommandSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}
