/** File-name helpers that work the same in Node and in browsers (no node:path). */

/** The last segment of a path or URL path ("/a/b/c.csv" -> "c.csv"). */
export function baseName(fileName: string): string {
  const cut = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
  return cut === -1 ? fileName : fileName.slice(cut + 1);
}

/** The extension with its dot ("c.tar.csv" -> ".csv"), '' when there is none; a leading dot is not one. */
export function extensionOf(fileName: string): string {
  const base = baseName(fileName);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}
