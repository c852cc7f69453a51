/**
 * One community detection on a galaxy version folder, in a process of its own so that its peak
 * memory (maxRSS) is its own: `node --import tsx communitiesChild.ts <ours|graphology> <versionDir>`.
 * Prints one JSON line: seconds (the detection, graph building included), modularity of the finest
 * level on the simplified undirected graph, communities, levels, peakRssMb.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Graph from 'graphology';
import louvain from 'graphology-communities-louvain';
import { seededRandom } from '../../../src/layout/random';
import { communityHierarchy } from '../../../src/communities/hierarchy';
import { linksBinSource } from '../../../src/communities/linksBinGraph';
import { modularity } from '../../../src/communities/modularity';
import { undirectedGraph } from '../../../src/communities/weightedGraph';

const [mode, versionDir] = process.argv.slice(2);
const starCount = readFileSync(path.join(versionDir, 'positions.bin')).byteLength / 12;
const bytes = readFileSync(path.join(versionDir, 'links.bin'));
const values = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
const links = linksBinSource(values, starCount);

const started = performance.now();
const graph = undirectedGraph(starCount, links);
let membership: Uint32Array;
let levels: { count: number; modularity: number }[] = [];
if (mode === 'ours') {
  const hierarchy = communityHierarchy(graph, { seed: 1 });
  membership = hierarchy.stars;
  levels = hierarchy.levels.map(({ count, modularity: q }) => ({ count, modularity: q }));
} else {
  const g = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  for (let v = 0; v < starCount; v++) g.addNode(v);
  for (let v = 0; v < starCount; v++) {
    for (let e = graph.offsets[v]; e < graph.offsets[v + 1]; e++) if (graph.neighbours[e] > v) g.addEdge(v, graph.neighbours[e]);
  }
  const found = louvain(g, { rng: seededRandom(1) });
  membership = new Uint32Array(starCount);
  for (let v = 0; v < starCount; v++) membership[v] = found[String(v)];
}
const seconds = (performance.now() - started) / 1000;
const communities = new Set(membership).size;
process.stdout.write(
  `${JSON.stringify({ seconds, modularity: modularity(graph, membership), communities, levels, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
