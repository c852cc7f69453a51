import { edgeLengthRatio, linkedNodes, neighbourhoodPreservation } from '../../../../src/layout/quality';
import { runInDawn } from '../../../support/dawnChild';
import type { LayoutProbeRequest, LayoutProbeResult } from './layoutProbe';

/** A graph as the layout tests lay it out. */
export interface ProbedGraph {
  nodeCount: number;
  sources: Uint32Array;
  targets: Uint32Array;
}

/** The two quality measures both layouts are compared by (lower edge ratio, higher neighbourhood preservation is better). */
export function layoutQuality(graph: ProbedGraph, positions: ArrayLike<number>): { edgeLengthRatio: number; neighbourhoodPreservation: number } {
  const linked = linkedNodes(graph.nodeCount, graph.sources, graph.targets);
  return {
    edgeLengthRatio: edgeLengthRatio(positions, graph.sources, graph.targets, 200_000, 7, linked),
    neighbourhoodPreservation: neighbourhoodPreservation(positions, graph.sources, graph.targets, 1000),
  };
}

/** Lays `graph` out with the GPU layout in a Dawn child process (tests/unit/layout/dawn/layoutProbe.ts). */
export function layOutInDawn(graph: ProbedGraph, options: Omit<LayoutProbeRequest, 'nodeCount' | 'links'>, timeoutMs: number): LayoutProbeResult {
  const links: number[] = [];
  for (let k = 0; k < graph.sources.length; k++) links.push(graph.sources[k], graph.targets[k]);
  return runInDawn<LayoutProbeResult>('tests/unit/layout/dawn/layoutProbe.ts', { nodeCount: graph.nodeCount, links, ...options }, timeoutMs);
}
