import { GraphBuilder } from './graphBuilder';
import { forEachLine } from './lines';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';

interface Stanza {
  line: number;
  fields: Map<string, string>;
}

/** RFC 822-style stanzas of a Packages file (or `apt-cache dumpavail`), with continuation lines. */
function readStanzas(text: string, source?: string, onProgress?: (share: number) => void): Stanza[] {
  const stanzas: Stanza[] = [];
  let current: Stanza | undefined;
  let lastField: string | undefined;
  forEachLine(text, (line, lineNumber) => {
    if (line.trim() === '') {
      current = undefined;
      lastField = undefined;
      return;
    }
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (!current || lastField === undefined) {
        throw new ImportError('a continuation line does not follow a field', lineNumber, source);
      }
      current.fields.set(lastField, `${current.fields.get(lastField) ?? ''}\n${line.trim()}`);
      return;
    }
    if (line.startsWith('#')) return;
    const colon = line.indexOf(':');
    if (colon <= 0) {
      throw new ImportError(`expected "Field: value", found "${line.slice(0, 60)}"`, lineNumber, source);
    }
    if (!current) {
      current = { line: lineNumber, fields: new Map() };
      stanzas.push(current);
    }
    lastField = line.slice(0, colon).trim().toLowerCase();
    current.fields.set(lastField, line.slice(colon + 1).trim());
  }, onProgress);
  return stanzas;
}

/** "libc6 (>= 2.34) [amd64] <!nocheck>" or "python3:any" -> "libc6" / "python3". */
function packageName(alternative: string): string {
  return alternative
    .replace(/\(.*?\)/g, '')
    .replace(/\[.*?\]/g, '')
    .replace(/<.*?>/g, '')
    .trim()
    .split(':')[0]
    .trim();
}

function relations(value: string | undefined): string[][] {
  if (!value) return [];
  return value
    .split(',')
    .map((group) => group.split('|').map(packageName).filter(Boolean))
    .filter((group) => group.length > 0);
}

/**
 * Debian package indexes (a `Packages` file or `apt-cache dumpavail`): one node per package, a link
 * from a package to each package it Depends or Pre-Depends on. Of alternatives ("a | b") the first
 * one that some package satisfies wins; a virtual package resolves to the first package that
 * Provides it.
 */
export function importDebianPackages(text: string, options: ImportOptions = {}): ImportedGraph {
  const stanzas = readStanzas(text, options.source, options.onProgress);
  const real = new Map<string, Stanza>();
  const providers = new Map<string, string[]>();
  let repeated = 0;
  for (const stanza of stanzas) {
    const name = stanza.fields.get('package');
    if (!name) throw new ImportError('a package entry has no "Package:" field', stanza.line, options.source);
    if (real.has(name)) {
      repeated++;
      continue;
    }
    real.set(name, stanza);
  }
  for (const [name, stanza] of real) {
    for (const [virtual] of relations(stanza.fields.get('provides'))) {
      const list = providers.get(virtual);
      if (list) list.push(name);
      else providers.set(virtual, [name]);
    }
  }
  const satisfy = (alternative: string): string | undefined =>
    real.has(alternative) ? alternative : providers.get(alternative)?.[0];

  const builder = new GraphBuilder();
  for (const name of real.keys()) builder.node(name);
  let unsatisfied = 0;
  let throughProvides = 0;
  for (const [name, stanza] of real) {
    const groups = [...relations(stanza.fields.get('pre-depends')), ...relations(stanza.fields.get('depends'))];
    for (const group of groups) {
      let chosen: string | undefined;
      for (const alternative of group) {
        chosen = satisfy(alternative);
        if (chosen !== undefined) {
          if (chosen !== alternative) throughProvides++;
          break;
        }
      }
      if (chosen === undefined) unsatisfied++;
      else builder.edge(name, chosen);
    }
  }
  if (repeated > 0) builder.notes.push(`${repeated} repeated package entries (other versions) were skipped`);
  if (throughProvides > 0) builder.notes.push(`${throughProvides} dependencies resolved through Provides`);
  if (unsatisfied > 0) builder.notes.push(`${unsatisfied} dependencies no package in the index satisfies were skipped`);
  return builder.build('debian');
}
