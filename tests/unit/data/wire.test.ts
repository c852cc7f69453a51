import { describe, expect, it } from 'vitest';
import { Graph } from '../../../src/data/graph';
import { decodeGalaxy } from '../../../src/data/wire/decodeGalaxy';
import { GalaxyDataError, parseLabels } from '../../../src/data/wire/labels';
import { decodeLinks } from '../../../src/data/wire/links';
import { decodePositions } from '../../../src/data/wire/positions';
import { linksBin, positionsBin, rawInt32, triangleGraphData, withExtraBytes } from '../../support/wireFixtures';

const triangle = triangleGraphData;

describe('positions.bin', () => {
  it('multiplies coordinates by the scale s', () => {
    const { positions, nodeCount } = decodePositions(positionsBin([[1, -2, 3]]), 1.75);
    expect(nodeCount).toBe(1);
    expect(Array.from(positions)).toEqual([1.75, -3.5, 5.25]);
  });

  it('keeps whole nodes and warns when the length is not a multiple of 12', () => {
    const { nodeCount, warnings } = decodePositions(withExtraBytes(positionsBin([[1, 2, 3], [4, 5, 6]]), 7));
    expect(nodeCount).toBe(2);
    expect(warnings).toEqual([
      'positions.bin is 31 bytes, not a multiple of 12 (x, y, z per node): the last 7 bytes were ignored',
    ]);
  });
});

describe('links.bin', () => {
  it('builds out- and in-adjacency as CSR', () => {
    const links = decodeLinks(linksBin([[1, 2], [2], []]), 3);
    expect(links.edgeCount).toBe(3);
    expect(Array.from(links.outOffsets)).toEqual([0, 2, 3, 3]);
    expect(Array.from(links.outTargets)).toEqual([1, 2, 2]);
    expect(Array.from(links.inOffsets)).toEqual([0, 0, 1, 3]);
    expect(Array.from(links.inTargets)).toEqual([0, 0, 1]);
    expect(links.warnings).toEqual([]);
  });

  it('drops zeros, which the format does not allow, and keeps the rest', () => {
    const links = decodeLinks(rawInt32([-1, 2, 0, 3, -2, 0]), 3);
    expect(links.edgeCount).toBe(2);
    expect(links.warnings).toEqual(['links.bin has 2 zero values, which the format does not allow: they were ignored']);
  });

  it('drops links to nodes beyond the node count', () => {
    const links = decodeLinks(rawInt32([-1, 2, 99, -2, 1]), 2);
    expect(links.edgeCount).toBe(2);
    expect(links.warnings).toEqual([
      'links.bin has 1 links to nodes beyond the 2 nodes of positions.bin: they were ignored',
    ]);
  });

  it('drops the lists of sources beyond the node count and links before any list', () => {
    const links = decodeLinks(rawInt32([2, -9, 1, -1, 2]), 2);
    expect(links.edgeCount).toBe(1);
    expect(links.warnings).toEqual([
      'links.bin starts 1 lists for nodes beyond the 2 nodes of positions.bin: their links were ignored',
      "links.bin has 1 links before the first node's list: they were ignored",
    ]);
  });

  it('ignores a trailing partial value', () => {
    const links = decodeLinks(withExtraBytes(linksBin([[1]]), 3), 2);
    expect(links.edgeCount).toBe(1);
    expect(links.warnings).toEqual(['links.bin is 11 bytes, not a multiple of 4: the last 3 bytes were ignored']);
  });

  it('reports progress every 10000 items', () => {
    const adjacency = Array.from({ length: 30_000 }, (_, i) => [(i + 1) % 30_000]);
    const calls: number[] = [];
    decodeLinks(linksBin(adjacency), 30_000, (done) => calls.push(done));
    // 60000 values, read twice: one call per 10000 values per pass, plus the final one.
    expect(calls.length).toBe(13);
    expect(calls[calls.length - 1]).toBe(120_000);
  });
});

describe('labels.json', () => {
  it('ignores extra names with a warning (a real published file had two more)', () => {
    const { labels, warnings } = parseLabels(JSON.stringify(['a', 'b', 'c', 'd']), 2);
    expect(labels).toEqual(['a', 'b']);
    expect(warnings).toEqual(['labels.json has 4 names but positions.bin has 2 nodes: the last 2 names were ignored']);
  });

  it('names nodes without a label by their id', () => {
    const { labels, warnings } = parseLabels(JSON.stringify(['a']), 3);
    expect(labels).toEqual(['a', '1', '2']);
    expect(warnings).toEqual(['labels.json has 1 names but positions.bin has 3 nodes: 2 nodes are named by their id']);
  });

  it('converts names that are not strings', () => {
    const { labels, warnings } = parseLabels(JSON.stringify(['a', 42, null]), 3);
    expect(labels).toEqual(['a', '42', '2']);
    expect(warnings).toEqual(['labels.json has 2 names that are not strings: they were converted to text']);
  });

  it('keeps markup as plain text', () => {
    expect(parseLabels(JSON.stringify(['<img src=x onerror=alert(1)>']), 1).labels[0]).toBe('<img src=x onerror=alert(1)>');
  });

  it('rejects invalid JSON and non-arrays with a clear message', () => {
    expect(() => parseLabels('["a", "b"', 2)).toThrow(GalaxyDataError);
    expect(() => parseLabels('["a", "b"', 2)).toThrow(/^labels\.json is not valid JSON \(/);
    expect(() => parseLabels('{"a": 1}', 1)).toThrow('labels.json is not a JSON array of node names');
  });
});

describe('Graph', () => {
  it('answers node info and connected nodes from the typed arrays', () => {
    const graph = new Graph(triangle());
    expect(graph.starCount).toBe(3);
    expect(graph.edgeCount).toBe(3);
    expect(graph.getNodeInfo(2)).toEqual({ id: 2, name: 'c', out: 0, in: 2 });
    expect(graph.getNodeInfo(3)).toBeUndefined();
    expect(Array.from(graph.connected(2, 'in'))).toEqual([0, 1]);
    expect(Array.from(graph.connected(0, 'out'))).toEqual([1, 2]);
    expect(graph.maxInDegree).toBe(2);
    expect(graph.findByName('b')).toBe(1);
    expect(graph.position(1)).toEqual([20, 0, 0]);
  });

  it('refuses a galaxy without nodes', () => {
    expect(() =>
      decodeGalaxy({ name: 'e', version: 'v', positions: new ArrayBuffer(0), links: new ArrayBuffer(0), labels: '[]' }),
    ).toThrow('positions.bin holds no nodes');
  });
});
