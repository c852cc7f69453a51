import { describe, expect, it } from 'vitest';
import { catalogChangeCount } from '../../../src/data/catalogChanges';
import { Graph } from '../../../src/data/graph';
import { missingRegionWarnings } from '../../../src/data/missingRegionWarnings';
import { StreamedCatalog } from '../../../src/data/streamedCatalog';
import { presentStar } from '../../../src/ecosystems/presentStar';
import { degreeWindowTitle, rowOf } from '../../../src/routes/catalogRow';
import { FakeTiledGalaxy } from '../../support/fakeTiledGalaxy';
import { triangleGraphData } from '../../support/wireFixtures';

/** a -> b, a -> c, b -> c */
const triangle = () => new Graph(triangleGraphData());

describe('a whole graph as a star catalog', () => {
  it('answers every name, degree and neighbour list at once, and nothing for ids it does not hold', () => {
    const graph = triangle();
    expect(graph.version).toBe('v1');
    expect(graph.labelOf(2)).toBe('c');
    expect(graph.inDegreeOf(2)).toBe(2);
    expect(graph.outDegreeOf(0)).toBe(2);
    expect(Array.from(graph.neighboursOf(2, 'in') ?? [])).toEqual([0, 1]);
    expect(graph.labelOf(3)).toBeUndefined();
    expect(graph.inDegreeOf(-1)).toBeUndefined();
    expect(graph.neighboursOf(7, 'out')).toBeUndefined();
  });

  it('never changes, so the panels never wait on it', () => {
    const graph = triangle();
    const stop = graph.onChange(() => {
      throw new Error('a whole graph never announces arrivals');
    });
    stop();
    expect(catalogChangeCount(graph)).toBe(0);
  });
});

describe('a classic galaxy still streaming as a star catalog', () => {
  const streamed = { name: 'tri', version: 'v1', starCount: 3, positions: new Float32Array(9), waitingFor: ['links' as const, 'labels' as const] };

  it('has no names and no degrees before links.bin', () => {
    const catalog = new StreamedCatalog(streamed);
    expect(catalog.has(2)).toBe(true);
    expect(catalog.labelOf(0)).toBeUndefined();
    expect(catalog.inDegreeOf(0)).toBeUndefined();
    expect(catalog.edgeCount).toBe(0);
    expect(presentStar('npm', catalog, 1)).toMatchObject({ name: '1', inDegree: '?', outDegree: '?', pending: true });
  });

  it('has degrees and neighbours once links are in, names still pending', () => {
    const data = triangle().data;
    const adjacency = { outOffsets: data.outOffsets, outTargets: data.outTargets, inOffsets: data.inOffsets, inTargets: data.inTargets, edgeCount: 3 };
    const catalog = new StreamedCatalog({ ...streamed, adjacency, waitingFor: ['labels'] });
    expect(catalog.inDegreeOf(2)).toBe(2);
    expect(Array.from(catalog.neighboursOf(0, 'out') ?? [])).toEqual([1, 2]);
    expect(catalog.maxInDegree).toBe(2);
    expect(rowOf(catalog, 'npm', 2)).toEqual({ id: 2, name: '2', in: 2, out: 0, pending: true });
  });
});

describe('panels over a tiled galaxy', () => {
  const labels = ['hub', 'b', 'c', 'd', 'e', 'f'];
  const outLinks = [[], [0], [0], [0], [1], [0]];

  it('show the placeholder until the shard arrives, then the real name and degrees', () => {
    const galaxy = new FakeTiledGalaxy({ labels, outLinks, shardSize: 2 });
    expect(rowOf(galaxy, 'npm', 4)).toEqual({ id: 4, name: '4', in: '?', out: '?', pending: true });
    galaxy.arriveLabels(2);
    galaxy.arriveAdjacency(2);
    expect(rowOf(galaxy, 'npm', 4)).toEqual({ id: 4, name: 'e', in: 0, out: 1 });
  });

  it('ask only for the shards of the stars shown', () => {
    const galaxy = new FakeTiledGalaxy({ labels, outLinks, shardSize: 2 });
    rowOf(galaxy, 'npm', 5);
    expect([...galaxy.askedLabelShards]).toEqual([2]);
    expect([...galaxy.askedAdjacencyShards]).toEqual([2]);
  });

  it('give no registry link or avatar to a star named by its id', () => {
    const galaxy = new FakeTiledGalaxy({ labels, outLinks });
    const star = presentStar('github', galaxy, 1);
    expect(star.icon).toBeUndefined();
    expect(star.link).toBeUndefined();
    galaxy.arriveLabels();
    expect(presentStar('github', galaxy, 1).icon).toBe('https://github.com/b.png?size=50');
  });

  it("title a degree window with '?' until the degree is known, then with the list's length", () => {
    const galaxy = new FakeTiledGalaxy({ labels, outLinks, shardSize: 3 });
    const window = { starId: 0, direction: 'in' as const };
    expect(degreeWindowTitle(galaxy, 'npm', window, undefined)).toBe('0 has ? dependents');
    galaxy.arriveLabels();
    galaxy.arriveAdjacency(0);
    expect(degreeWindowTitle(galaxy, 'npm', window, undefined)).toBe('hub has 4 dependents');
    expect(degreeWindowTitle(galaxy, 'debian', { starId: 1, direction: 'out' }, 1)).toBe('b has 1 dependency');
  });

  it('count every arrival, so a panel re-renders and asks again', () => {
    const galaxy = new FakeTiledGalaxy({ labels, outLinks });
    expect(catalogChangeCount(galaxy)).toBe(0);
    galaxy.arriveLabels(0);
    galaxy.arriveAdjacency(0);
    expect(catalogChangeCount(galaxy)).toBe(2);
  });
});

describe('missing regions as data warnings', () => {
  it('names each region once and says its stars are missing', () => {
    expect(missingRegionWarnings(['tile 3-5-1 (x -5000..0)', 'tile 7 (x 0..5000)', 'tile 3-5-1 (x -5000..0)'])).toEqual([
      'Could not be loaded: tile 3-5-1 (x -5000..0)',
      'Could not be loaded: tile 7 (x 0..5000)',
    ]);
    expect(missingRegionWarnings([])).toEqual([]);
  });
});
