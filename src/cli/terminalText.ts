/**
 * Characters a terminal may act on rather than show: C0 controls (ESC starts the sequences that set
 * the title or clear the screen), DEL, C1 controls (U+009B is a one-character CSI) and the bidi
 * overrides that make text read differently from what it holds.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The same less C0, which JSON.stringify escapes itself (and whose newlines lay out its output). */
const BEYOND_C0 = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeOne(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Text from data (labels, names, messages quoting them) made safe to print: controls become visible escapes. */
export function printable(text: string): string {
  return text.replace(CONTROL, escapeOne);
}

/** Lines of text from data, each made printable, joined and ended with a newline. */
export function printableLines(lines: string[]): string {
  return `${lines.map(printable).join('\n')}\n`;
}

/**
 * JSON for a terminal: JSON.stringify already escapes C0 controls; DEL, C1 and bidi controls are
 * escaped too (\u00XX is the same JSON value).
 */
export function printableJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(BEYOND_C0, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
