import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingsOf, slug } from '../../support/markdownHeadings';
import { repoRoot } from '../../support/sourceImports';

const text = readFileSync(path.join(repoRoot, 'docs/decisions.md'), 'utf8');
const INDEX_HEADING = 'Index';
const sections = headingsOf(text).filter((heading) => heading !== INDEX_HEADING);
const anchors = new Set(headingsOf(text).map(slug));

/** The index: the table rows between its heading and the first section. */
function indexRows(): string[][] {
  const start = text.indexOf(`\n## ${INDEX_HEADING}\n`);
  if (start < 0) return [];
  const end = text.indexOf('\n## ', start + 1);
  return text
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

/** What a row may say of its decision. */
const STATUSES = /^(in force|replaced by|measured and dropped|figures|not built)\b/;

describe('docs/decisions.md opens with an index', () => {
  it('lists every section, each linked to its heading', () => {
    const linked = new Set(indexRows().flatMap(([decision]) => [...decision.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1])));
    expect(sections.filter((heading) => !linked.has(slug(heading)))).toEqual([]);
  });

  it('gives each decision its status', () => {
    const rows = indexRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter(([, status]) => !STATUSES.test(status ?? '')).map(([decision]) => decision)).toEqual([]);
  });

  it('links only to headings that exist', () => {
    const broken = [...text.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]).filter((anchor) => !anchors.has(anchor));
    expect(broken).toEqual([]);
  });
});
