import type { GraphData } from '../graph';
import type { LabelIndex } from '../labelIndex';
import { decodeLinks, type DecodedLinks } from './links';
import { GalaxyDataError } from './labels';
import { LabelsScanner } from './labelsScanner';
import { decodePositions, type DecodedPositions } from './positions';

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
  const positions = checkedPositions(decodePositions(files.positions, files.scale ?? 1));
  const links = decodeLinks(files.links, positions.nodeCount, onEdgeProgress);
  const scanner = new LabelsScanner();
  scanner.pushText(files.labels);
  const labels = scanner.finish(positions.nodeCount);
  return assembleGraph(files.name, files.version, positions, links, labels);
}

export function checkedPositions(positions: DecodedPositions): DecodedPositions {
  if (positions.nodeCount === 0) throw new GalaxyDataError('positions.bin holds no nodes');
  return positions;
}

/** One GraphData from the three decoded parts, warnings in file order. */
export function assembleGraph(
  name: string,
  version: string,
  positions: DecodedPositions,
  links: DecodedLinks,
  labels: LabelIndex & { warnings: string[] },
): GraphData {
  return {
    name,
    version,
    nodeCount: positions.nodeCount,
    edgeCount: links.edgeCount,
    positions: positions.positions,
    outOffsets: links.outOffsets,
    outTargets: links.outTargets,
    inOffsets: links.inOffsets,
    inTargets: links.inTargets,
    labelText: labels.labelText,
    labelStarts: labels.labelStarts,
    labelEnds: labels.labelEnds,
    warnings: [...positions.warnings, ...links.warnings, ...labels.warnings],
  };
}

/** The buffers a GraphData owns, to hand over to another thread without copying. */
export function graphTransferables(data: GraphData): ArrayBuffer[] {
  return [data.positions, data.outOffsets, data.outTargets, data.inOffsets, data.inTargets, data.labelStarts, data.labelEnds].map(
    (array) => array.buffer as ArrayBuffer,
  );
}
