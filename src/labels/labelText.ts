/** U+FFFD, drawn where a name holds something that is not printable text. */
export const REPLACEMENT = '\uFFFD';

/**
 * The text a name is drawn with: control characters and unpaired surrogates (which no font can
 * draw) become the replacement glyph, runs of white space one space. Markup stays text.
 */
export function displayText(name: string): string {
  return name
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, REPLACEMENT)
    .replace(/[\t\n\v\f\r \u0085\u2028\u2029]+/g, ' ')
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, REPLACEMENT)
    .trim();
}

/** Splits text into user-perceived characters (a base and its combining marks, emoji sequences). */
export function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

/**
 * The longest prefix of whole graphemes, plus an ellipsis, whose measured width fits `maxWidth`;
 * the text itself when it fits. `measure` returns a width in the same unit as `maxWidth`.
 */
export function fitText(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const parts = graphemes(text);
  let low = 0, high = parts.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(parts.slice(0, mid).join('') + '…') <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return parts.slice(0, low).join('').trimEnd() + '…';
}
