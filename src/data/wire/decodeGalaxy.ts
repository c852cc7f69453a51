import type { GraphData } from '../graph';
import { decodeLinks } from './links';
import { GalaxyDataError, parseLabels } from './labels';
import { decodePositions } from './positions';

export interface GalaxyFiles {
  name: string;
  version: string;
  positions: ArrayBuffer;
  links: ArrayBuffer;
  labels: string;
  scale?: number;
}

/** Decodes the three files of one galaxy version into typed arrays (browser worker and Node alike). */
export function decodeGalaxy(files: GalaxyFiles, onEdgeProgress?: (done: number, total: number) => void): GraphData {
  const positions = decodePositions(files.positions, files.scale ?? 1);
  if (positions.nodeCount === 0) throw new GalaxyDataError('positions.bin holds no nodes');
  const links = decodeLinks(files.links, positions.nodeCount, onEdgeProgress);
  const labels = parseLabels(files.labels, positions.nodeCount);
  return {
    name: files.name,
    version: files.version,
    nodeCount: positions.nodeCount,
    edgeCount: links.edgeCount,
    positions: positions.positions,
    outOffsets: links.outOffsets,
    outTargets: links.outTargets,
    inOffsets: links.inOffsets,
    inTargets: links.inTargets,
    labels: labels.labels,
    warnings: [...positions.warnings, ...links.warnings, ...labels.warnings],
  };
}

/** The buffers a GraphData owns, to hand over to another thread without copying. */
export function graphTransferables(data: GraphData): ArrayBuffer[] {
  return [data.positions, data.outOffsets, data.outTargets, data.inOffsets, data.inTargets].map(
    (array) => array.buffer as ArrayBuffer,
  );
}
