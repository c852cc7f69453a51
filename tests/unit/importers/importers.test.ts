import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, ImportError, parseFormat, type ImportedGraph } from '../../../src/importers';
import { importEdgeList } from '../../../src/importers/edgeList';
import { importDebianPackages } from '../../../src/importers/debian';
import { importBgpPaths } from '../../../src/importers/bgp';
import { importNodeLinkJson } from '../../../src/importers/nodeLinkJson';
import { importPackageLock } from '../../../src/importers/packageLock';

const fixtures = path.resolve('tests/fixtures/importers');
const read = (name: string): Uint8Array => readFileSync(path.join(fixtures, name));
const text = (name: string): string => readFileSync(path.join(fixtures, name), 'utf8');

/** Edges as "from -> to" label pairs, so formats can be compared whatever their node order. */
function edgeSet(graph: ImportedGraph): Set<string> {
  const edges = new Set<string>();
  for (let k = 0; k < graph.sources.length; k++) {
    edges.add(`${graph.labels[graph.sources[k]]} -> ${graph.labels[graph.targets[k]]}`);
  }
  return edges;
}

function neighbours(graph: ImportedGraph, label: string): string[] {
  const id = graph.labels.indexOf(label);
  const out: string[] = [];
  for (let k = 0; k < graph.sources.length; k++) if (graph.sources[k] === id) out.push(graph.labels[graph.targets[k]]);
  return out.sort();
}

describe('the karate club in every general format', () => {
  const csv = importGraph(read('karate.csv'), 'karate.csv');
  const karateEdges = edgeSet(csv);

  it('reads the CSV edge list with its header', () => {
    expect(csv.format).toBe('edgelist');
    expect(csv.labels).not.toContain('source');
    expect(csv.labels).toHaveLength(34);
    expect(karateEdges.size).toBe(78);
  });

  it.each(['karate.dot', 'karate.graphml', 'karate.gexf', 'karate.d3.json', 'karate.ngraph.json'])(
    '%s gives the same nodes and links as the CSV',
    (file) => {
      const graph = importGraph(read(file), file);
      expect(new Set(graph.labels)).toEqual(new Set(csv.labels));
      expect(edgeSet(graph)).toEqual(karateEdges);
    },
  );

  it('reads a headerless TSV of numbers with numbers as names', () => {
    const graph = importGraph(read('karate.tsv'), 'karate.tsv');
    expect(graph.labels).toHaveLength(34);
    expect(graph.sources).toHaveLength(78);
    expect(graph.labels).toContain('1');
  });
});

describe('edge lists', () => {
  it('drops and counts duplicate edges and self-loops', () => {
    const graph = importEdgeList('a b\nb c\na b\nc c\n');
    expect(graph.sources).toHaveLength(2);
    expect(graph.stats.duplicateEdges).toBe(1);
    expect(graph.stats.selfLoops).toBe(1);
  });

  it('keeps quoted names with commas and markup as they are', () => {
    const graph = importEdgeList('"Smith, J.","<b>bold</b>"\n');
    expect(graph.labels).toEqual(['Smith, J.', '<b>bold</b>']);
  });

  it('names the malformed line', () => {
    expect(() => importEdgeList('a,b\nc,d\nlonely\n', { source: 'bad.csv' })).toThrow(/bad\.csv, line 3: expected a source and a target/);
    expect(() => importEdgeList('a,b\n"c,d\n', { source: 'q.csv' })).toThrow(/line 2: a quoted field is not closed/);
  });
});

describe('node-link JSON', () => {
  it('resolves d3 links given as node indices', () => {
    const graph = importNodeLinkJson('{"nodes":[{"name":"Myriel"},{"name":"Napoleon"}],"links":[{"source":1,"target":0}]}');
    expect([...edgeSet(graph)]).toEqual(['Napoleon -> Myriel']);
  });

  it('names the line of a JSON syntax error', () => {
    expect(() => importNodeLinkJson('{\n"nodes": [\n{"id": 1},,\n]}', { source: 'g.json' })).toThrow(/g\.json, line 3: not valid JSON/);
  });

  it('rejects links without endpoints', () => {
    expect(() => importNodeLinkJson('{"nodes":[],"links":[{"from_node":1}]}')).toThrow(/links\[0\] needs "source" and "target"/);
  });
});

describe('DOT, GraphML and GEXF errors', () => {
  it('DOT syntax errors name the line', () => {
    expect(() => importGraph(new TextEncoder().encode('digraph {\n a -> b;\n c -> ;\n}\n'), 'x.dot')).toThrow(
      /x\.dot, line 3: not valid DOT/,
    );
  });

  it('malformed XML names the line', () => {
    const broken = '<?xml version="1.0"?>\n<graphml>\n<graph>\n<node id="a">\n</graph>\n</graphml>\n';
    expect(() => importGraph(new TextEncoder().encode(broken), 'x.graphml')).toThrow(/x\.graphml, line \d+: not well-formed XML/);
  });
});

describe('npm package-lock.json (this project\'s own)', () => {
  const lockText = readFileSync('package-lock.json', 'utf8');
  const lock = JSON.parse(lockText) as { packages: Record<string, { dependencies?: Record<string, string> }> };
  const graph = importPackageLock(lockText, { source: 'package-lock.json' });

  it('has one node per installed package', () => {
    expect(graph.labels).toHaveLength(Object.keys(lock.packages).length);
  });

  it('links the project to its dependencies and dev dependencies', () => {
    const root = neighbours(graph, 'galaxy');
    expect(root).toContain('react');
    expect(root).toContain('vitest');
  });

  it('links a package to what it depends on', () => {
    const deps = Object.keys(lock.packages['node_modules/react-dom'].dependencies ?? {});
    expect(deps.length).toBeGreaterThan(0);
    for (const dep of deps) expect(neighbours(graph, 'react-dom').some((label) => label === dep || label.startsWith(`${dep}@`))).toBe(true);
  });

  it('resolves a nested install before the hoisted one', () => {
    const nested = importPackageLock(
      JSON.stringify({
        lockfileVersion: 3,
        packages: {
          '': { name: 'app', dependencies: { a: '1', b: '1' } },
          'node_modules/a': { version: '1.0.0', dependencies: { b: '2' } },
          'node_modules/a/node_modules/b': { version: '2.0.0' },
          'node_modules/b': { version: '1.0.0' },
        },
      }),
    );
    expect(neighbours(nested, 'a')).toEqual(['b@2.0.0']);
    expect(neighbours(nested, 'app')).toEqual(['a', 'b@1.0.0']);
  });

  it('reads lockfileVersion 1 (nested "dependencies" with "requires")', () => {
    const legacy = importPackageLock(
      JSON.stringify({
        name: 'old-app',
        lockfileVersion: 1,
        dependencies: {
          a: { version: '1.0.0', requires: { b: '^2' }, dependencies: { b: { version: '2.0.0' } } },
          b: { version: '1.0.0' },
        },
      }),
    );
    expect(neighbours(legacy, 'old-app')).toEqual(['a', 'b@1.0.0']);
    expect(neighbours(legacy, 'a')).toEqual(['b@2.0.0']);
  });
});

describe('Debian package index (a slice of apt-cache dumpavail)', () => {
  const graph = importGraph(read('dumpavail-slice.txt'), 'dumpavail-slice.txt');

  it('is detected and has a node per package', () => {
    expect(graph.format).toBe('debian');
    expect(graph.labels).toHaveLength(text('dumpavail-slice.txt').match(/^Package: /gm)?.length ?? -1);
  });

  it('follows Depends and Pre-Depends', () => {
    expect(neighbours(graph, 'coreutils')).toEqual(expect.arrayContaining(['libacl1', 'libattr1', 'libc6']));
  });

  it('resolves a virtual package through Provides, taking the first satisfiable alternative', () => {
    // bsd-mailx: Depends: default-mta | mail-transport-agent; exim4-daemon-light Provides default-mta.
    expect(neighbours(graph, 'bsd-mailx')).toContain('exim4-daemon-light');
  });

  it('skips alternatives nothing satisfies and says so', () => {
    const small = importDebianPackages('Package: a\nDepends: missing | b (>= 1), nothing\n\nPackage: b\n');
    expect(neighbours(small, 'a')).toEqual(['b']);
    expect(small.stats.notes.join(' ')).toMatch(/1 dependencies no package in the index satisfies/);
  });

  it('names a malformed line', () => {
    expect(() => importDebianPackages('Package: a\nDepends b\n', { source: 'Packages' })).toThrow(/Packages, line 2: expected "Field: value"/);
  });
});

describe('BGP AS paths', () => {
  it('reads bgpdump -m output into an undirected AS adjacency graph', () => {
    const graph = importGraph(read('routeviews-sample.bgpdump'), 'routeviews-sample.bgpdump');
    expect(graph.format).toBe('bgp');
    const edges = edgeSet(graph);
    expect(edges).toContain('AS7018 -> AS701');
    expect(edges).toContain('AS701 -> AS703');
    // Prepending (3356 3356 3356) is not a self-loop, and 7018-3356 appears once.
    expect(graph.stats.selfLoops).toBe(0);
    expect(graph.stats.notes.join(' ')).toMatch(/prepended/);
    // asdot 1.10 is AS 65546; the AS set after 2914 is not linked.
    expect(graph.labels).toContain('AS65546');
    expect(graph.labels.some((label) => label.includes('64512'))).toBe(false);
  });

  it('treats a-b and b-a as one link', () => {
    const graph = importBgpPaths(text('aspaths.txt'));
    expect(graph.stats.duplicateEdges).toBe(1);
    const edges = edgeSet(graph);
    expect([edges.has('AS3356 -> AS7018'), edges.has('AS7018 -> AS3356')].filter(Boolean)).toHaveLength(1);
  });

  it('names a line holding something other than AS numbers', () => {
    expect(() => importBgpPaths('701 1239\n701 x9\n', { source: 'paths.txt' })).toThrow(/paths\.txt, line 2: "x9" is not an AS number/);
  });
});

describe('unknown and empty input', () => {
  it('rejects an unknown --format naming the known ones', () => {
    expect(() => parseFormat('xlsx')).toThrow(/unknown format "xlsx"; known formats: edgelist, dot/);
  });

  it('asks for --format when the content says nothing', () => {
    expect(() => importGraph(new Uint8Array([0, 1, 2, 3, 0, 0]), 'blob.bin')).toThrow(ImportError);
    expect(() => importGraph(new Uint8Array([0, 1, 2, 3, 0, 0]), 'blob.bin')).toThrow(/pass --format/);
  });

  it('gives an empty graph for an input with only comments, for the build to refuse', () => {
    expect(importEdgeList('# nothing here\n').labels).toHaveLength(0);
  });
});

describe('graph-tool binary (.gt.gz from Debian\'s python3-graph-tool)', () => {
  it('reads the karate club with the same ties as the other formats', () => {
    const graph = importGraph(read('karate.gt.gz'), 'karate.gt.gz');
    expect(graph.format).toBe('graph-tool');
    expect(graph.labels).toHaveLength(34);
    // Vertex n-1 is member n in the other fixtures; the graph is undirected, so compare unordered pairs.
    const pairs = (edges: Set<string>, rename: (label: string) => string) =>
      new Set([...edges].map((edge) => edge.split(' -> ').map(rename).sort().join(' - ')));
    const csv = importGraph(read('karate.csv'), 'karate.csv');
    expect(pairs(edgeSet(graph), (label) => `member${Number(label) + 1}`)).toEqual(pairs(edgeSet(csv), (label) => label));
  });

  it('rejects a file that is not graph-tool\'s', () => {
    expect(() => importGraph(read('karate.csv'), 'karate.csv', 'graph-tool')).toThrow(/not a graph-tool file/);
  });
});
