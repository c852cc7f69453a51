/**
 * docs/rules.md#search: search text is a case-insensitive global regular expression over node labels;
 * an invalid pattern matches nothing.
 */
export function compileSearchPattern(text: string): RegExp | undefined {
  try {
    return new RegExp(text, 'gi');
  } catch {
    return undefined;
  }
}

/** True when `label` matches; resets lastIndex first, since a global regex remembers it between calls. */
export function labelMatches(pattern: RegExp, label: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(label);
}

/**
 * Appends the ids of labels[start, end) that match to `out` and returns how many matched.
 * Matching works in slices so a worker can look for newer requests between them. With `members`
 * (a search limited to a constellation, docs/rules.md#search) only ids marked 1 there are matched.
 */
export function matchLabelRange(
  pattern: RegExp,
  labels: readonly string[],
  start: number,
  end: number,
  out: number[],
  members?: Uint8Array,
): number {
  let found = 0;
  const stop = Math.min(end, labels.length);
  for (let id = start; id < stop; id++) {
    if (members && members[id] !== 1) continue;
    if (labelMatches(pattern, labels[id])) {
      out.push(id);
      found++;
    }
  }
  return found;
}

/** All matching ids at once (tests and small graphs). */
export function matchLabels(text: string, labels: readonly string[], members?: Uint8Array): Uint32Array {
  const pattern = compileSearchPattern(text);
  if (!pattern) return new Uint32Array(0);
  const ids: number[] = [];
  matchLabelRange(pattern, labels, 0, labels.length, ids, members);
  return Uint32Array.from(ids);
}

/** What the search box does with its text (docs/rules.md#search). */
export type SearchInput =
  | { kind: 'nothing' }
  | { kind: 'command'; script: string }
  | { kind: 'pattern'; pattern: string };

export function classifySearchInput(text: string): SearchInput {
  if (text.length === 0) return { kind: 'nothing' };
  if (text.startsWith(':')) return { kind: 'command', script: text.slice(1) };
  return { kind: 'pattern', pattern: text };
}
