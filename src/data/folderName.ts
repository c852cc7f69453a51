/**
 * docs/rules.md#cli: galaxy and version names become folder names and URL parts, so they stay plain
 * and short. The one rule, used by `galaxy build` for the names it is given and by the manifest
 * parser for every version a manifest names: a name that passes cannot leave its folder (no "/",
 * "\", "..", "%" or leading ".").
 */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const MAX_NAME_LENGTH = 100;

/** What is wrong with a galaxy or version name, or undefined when it is safe. */
export function folderNameProblem(name: string): 'too long' | 'unsafe characters' | undefined {
  if (name.length > MAX_NAME_LENGTH) return 'too long';
  if (!SAFE_NAME.test(name) || name.includes('..')) return 'unsafe characters';
  return undefined;
}

/** A name as a message quotes it: JSON-escaped (no control characters) and cut short when long. */
export function quotedName(name: string): string {
  return JSON.stringify(name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH)}…` : name);
}
