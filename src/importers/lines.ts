/** How many characters pass between two progress calls of `forEachLine`. */
const PROGRESS_CHARACTERS = 1 << 18;

/**
 * Calls `visit(line, lineNumber)` for each line of `text` (1-based numbers, CR LF or LF endings),
 * and `onProgress` with the share of the text visited every PROGRESS_CHARACTERS characters.
 */
export function forEachLine(text: string, visit: (line: string, lineNumber: number) => void, onProgress?: (share: number) => void): void {
  let start = 0;
  let lineNumber = 1;
  const length = text.length;
  let nextProgress = PROGRESS_CHARACTERS;
  while (start <= length) {
    if (onProgress && start >= nextProgress) {
      onProgress(start / length);
      nextProgress = start + PROGRESS_CHARACTERS;
    }
    let end = text.indexOf('\n', start);
    if (end === -1) end = length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    if (!(end === length && line === '' && start === length)) visit(line, lineNumber);
    start = end + 1;
    lineNumber++;
  }
}

/** The 1-based line number of character `offset` in `text`. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
