import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitLabels } from '../../../src/data/labelIndex';
import { parseLabels } from '../../../src/data/wire/labels';
import { LabelsScanner, NotUtf8Error } from '../../../src/data/wire/labelsScanner';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';

/** Scans `bytes` delivered in pieces cut at `cuts` (byte offsets), as a download would. */
function scanBytes(bytes: Uint8Array, nodeCount: number, cuts: number[] = []) {
  const scanner = new LabelsScanner();
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    scanner.push(bytes.subarray(start, cut));
    start = cut;
  }
  const result = scanner.finish(nodeCount);
  return { labels: splitLabels(result), warnings: result.warnings };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const scan = (text: string, nodeCount: number, cuts?: number[]) => scanBytes(utf8(text), nodeCount, cuts);

/** What JSON.parse and the repairs of docs/rules.md#errors make of the same text. */
const reference = (text: string, nodeCount: number) => parseLabels(text, nodeCount);

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('labels.json read as it downloads', () => {
  it('reads an array of plain names', () => {
    expect(scan('["react","lodash","<b>x</b>"]', 3)).toEqual({ labels: ['react', 'lodash', '<b>x</b>'], warnings: [] });
  });

  it('accepts JSON whitespace anywhere between values, and an empty array', () => {
    expect(scan(' \n[ "a" ,\t"b"\r\n ] \n', 2).labels).toEqual(['a', 'b']);
    expect(scan('[]', 0)).toEqual({ labels: [], warnings: [] });
  });

  it('unescapes names exactly as JSON does, wherever the chunks are cut', () => {
    const names = ['a"b', 'back\\slash', 'tab\there', 'line\nbreak', 'é', '😀', '\u2028', '/', 'plain'];
    const text = JSON.stringify(names).replace('é', '\\u00e9').replace('/', '\\/');
    const bytes = utf8(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(scanBytes(bytes, names.length, [cut]).labels).toEqual(names);
    }
  });

  it('keeps multi-byte characters whole when a chunk ends inside one', () => {
    const names = ['日本語', 'ü', '𝄞 clef'];
    const bytes = utf8(JSON.stringify(names));
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(scanBytes(bytes, names.length, [cut]).labels).toEqual(names);
    }
  });

  it('names nodes beyond the list by their id and drops names beyond the nodes, with the same warnings', () => {
    expect(scan('["a"]', 3)).toEqual(reference('["a"]', 3));
    expect(scan('["a","b","c","d"]', 2)).toEqual(reference('["a","b","c","d"]', 2));
    expect(scan('["a\\"q","b"]', 1)).toEqual(reference('["a\\"q","b"]', 1));
  });

  it('converts values that are not strings as JSON.parse would read them', () => {
    const text = '["a", 42, null, {"x": 1}, "b"]';
    expect(scan(text, 5)).toEqual(reference(text, 5));
    expect(scan(text, 5).warnings).toEqual(['labels.json has 3 names that are not strings: they were converted to text']);
  });

  it('rejects malformed JSON with the message JSON.parse gives', () => {
    for (const text of ['["a", "b"', '["a",]', '["a" "b"]', '["a"] x', '', '["a\u0001"]', '["\\x"]', '["\\u12"]']) {
      expect(() => scan(text, 2), text).toThrow(/^labels\.json is not valid JSON \(/);
      expect(() => scan(text, 2), text).toThrow(captureMessage(() => reference(text, 2)));
    }
  });

  it('rejects JSON that is not an array', () => {
    expect(() => scan('{"a": 1}', 1)).toThrow('labels.json is not a JSON array of node names');
    expect(() => scan('"a"', 1)).toThrow('labels.json is not a JSON array of node names');
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => scanBytes(new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]), 1)).toThrow(NotUtf8Error);
    expect(() => scanBytes(new Uint8Array([0x5b, 0x22, 0xe6, 0x97]), 1)).toThrow(NotUtf8Error);
  });

  it('agrees with JSON.parse on random names, spacing and chunking', () => {
    const random = seededRandom(7);
    const alphabet = ['a', 'Z', '0', ' ', '"', '\\', '/', '\n', '\u0007', 'é', '日', '😀', '\u2028', ',', '[', ']'];
    for (let round = 0; round < 300; round++) {
      const names = Array.from({ length: Math.floor(random() * 8) }, () =>
        Array.from({ length: Math.floor(random() * 6) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
      );
      const text = JSON.stringify(names, null, random() < 0.5 ? undefined : 1);
      const bytes = utf8(text);
      const cuts = Array.from({ length: 3 }, () => Math.floor(random() * bytes.length)).sort((a, b) => a - b);
      const nodeCount = names.length + Math.floor(random() * 3) - 1;
      if (nodeCount < 0) continue;
      expect(scanBytes(bytes, nodeCount, cuts)).toEqual(reference(text, nodeCount));
    }
  });
});

describe.skipIf(!haveSharedGalaxies)(`labels of real galaxies (skipped when ${sharedGalaxiesMissingReason})`, () => {
  for (const name of haveSharedGalaxies ? readdirSync(sharedGalaxiesDir) : []) {
    const manifestFile = path.join(sharedGalaxiesDir, name, 'manifest.json');
    let version: string;
    try {
      version = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { last: string }).last;
    } catch {
      continue;
    }
    it(`reads ${name}'s labels.json in 64 KiB chunks exactly as JSON.parse does`, () => {
      const bytes = new Uint8Array(readFileSync(path.join(sharedGalaxiesDir, name, version, 'labels.json')));
      const expected = JSON.parse(new TextDecoder().decode(bytes)) as string[];
      const cuts: number[] = [];
      for (let cut = 65536; cut < bytes.length; cut += 65536) cuts.push(cut);
      const { labels, warnings } = scanBytes(bytes, expected.length, cuts);
      expect(warnings).toEqual([]);
      expect(labels).toEqual(expected);
    });
  }
});

function captureMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}
