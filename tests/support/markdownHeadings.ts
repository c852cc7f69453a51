/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-');
}

/** The headings of a markdown text at the given levels (2 and 3 by default), without their hashes. */
export function headingsOf(markdown: string, levels = /^#{2,3} /): string[] {
  return markdown
    .split('\n')
    .filter((line) => levels.test(line))
    .map((line) => line.replace(/^#+ /, ''));
}
