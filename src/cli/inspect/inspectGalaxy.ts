import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Graph } from '../../data/graph';
import { boundingBox } from '../../geometry/boundingBox';
import { chooseVersion } from '../../data/manifest';
import { parseManifest } from '../../data/fetch/parseManifest';
import { checkName } from '../../publish/galaxyFolder';
import { decodeGalaxy } from '../../data/wire/decodeGalaxy';
import type { GraphData } from '../../data/graph';
import { hasTiles, inspectTiles, type TilesReport } from './inspectTiles';
import { hasCommunities, inspectCommunities, type CommunitiesReport } from './inspectCommunities';

export interface InspectReport {
  name: string;
  version: string;
  nodes: number;
  edges: number;
  bounds: { min: [number, number, number]; max: [number, number, number] };
  maxInDegree: { degree: number; node: string };
  maxOutDegree: { degree: number; node: string };
  warnings: string[];
  /** Present when the version has a tiled form (docs/tiles.md). */
  tiles?: TilesReport;
  /** Present when the version has communities files (docs/communities.md). */
  communities?: CommunitiesReport;
}

/** A galaxy that cannot be read at all; the message is the CLI's one-line reason. */
export class InspectError extends Error {}

function readBuffer(file: string): ArrayBuffer {
  if (!existsSync(file)) throw new InspectError(`${path.basename(file)} is missing in ${path.dirname(file)}`);
  const bytes = readFileSync(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** --version-name follows galaxy build's rule for version names, so it can never lead out of the galaxy folder. */
function checkWantedVersion(version: string): void {
  try {
    checkName('version', version);
  } catch (error) {
    throw new InspectError((error as Error).message);
  }
}

/** Finds name, version and version folder for a galaxy folder (with manifest.json) or a version folder. */
export function resolveGalaxyFolder(target: string, wantedVersion?: string): { name: string; version: string; dir: string } {
  const folder = path.resolve(target);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new InspectError(`${target} is not a folder`);
  if (wantedVersion !== undefined) checkWantedVersion(wantedVersion);
  const manifestFile = path.join(folder, 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = parseManifest(readFileSync(manifestFile, 'utf8'), manifestFile);
    if (wantedVersion !== undefined && !manifest.all.includes(wantedVersion)) {
      throw new InspectError(`version ${wantedVersion} is not in ${manifestFile} (it lists ${manifest.all.join(', ')})`);
    }
    const version = chooseVersion(manifest, wantedVersion);
    return { name: path.basename(folder), version, dir: path.join(folder, version) };
  }
  if (existsSync(path.join(folder, 'positions.bin'))) {
    return { name: path.basename(path.dirname(folder)), version: path.basename(folder), dir: folder };
  }
  throw new InspectError(`${target} holds neither manifest.json (a galaxy folder) nor positions.bin (a version folder)`);
}

/** Decodes a galaxy with the viewer's own decoder and summarises it. */
export function inspectGalaxy(target: string, wantedVersion?: string): InspectReport {
  return inspectClassic(target, wantedVersion).report;
}

/** inspectGalaxy, and the tiles and communities a version has, checked against the classic files. */
export async function inspectGalaxyAndTiles(target: string, wantedVersion?: string): Promise<InspectReport> {
  const { report, data, dir } = inspectClassic(target, wantedVersion);
  if (hasTiles(dir)) report.tiles = await inspectTiles(dir, data);
  if (hasCommunities(dir)) report.communities = inspectCommunities(dir, data);
  return report;
}

function inspectClassic(target: string, wantedVersion?: string): { report: InspectReport; data: GraphData; dir: string } {
  const { name, version, dir } = resolveGalaxyFolder(target, wantedVersion);
  if (!existsSync(dir)) throw new InspectError(`version folder ${dir} is missing`);
  const data = decodeGalaxy({
    name,
    version,
    positions: readBuffer(path.join(dir, 'positions.bin')),
    links: readBuffer(path.join(dir, 'links.bin')),
    labels: readFileSync(path.join(dir, 'labels.json'), 'utf8'),
  });
  const graph = new Graph(data);
  const report: InspectReport = {
    name,
    version,
    nodes: data.nodeCount,
    edges: data.edgeCount,
    bounds: coordinateBounds(data.positions),
    maxInDegree: mostConnected(graph, 'in'),
    maxOutDegree: mostConnected(graph, 'out'),
    warnings: data.warnings,
  };
  return { report, data, dir };
}

function coordinateBounds(positions: Float32Array): InspectReport['bounds'] {
  const box = boundingBox(positions);
  return { min: [box.minX, box.minY, box.minZ], max: [box.maxX, box.maxY, box.maxZ] };
}

function mostConnected(graph: Graph, direction: 'in' | 'out'): { degree: number; node: string } {
  let best = 0;
  for (let id = 1; id < graph.starCount; id++) {
    const degree = direction === 'in' ? graph.inDegree(id) : graph.outDegree(id);
    const bestDegree = direction === 'in' ? graph.inDegree(best) : graph.outDegree(best);
    if (degree > bestDegree) best = id;
  }
  return { degree: direction === 'in' ? graph.inDegree(best) : graph.outDegree(best), node: graph.label(best) };
}
