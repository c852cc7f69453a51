import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { labelAt } from '../data/labelIndex';
import type { Manifest } from '../data/manifest';
import { ecosystemKind } from '../ecosystems/kind';
import { updateManifest } from '../publish/galaxyFolder';
import { readLabels } from '../tiles/write/writeTiles';
import { describeCommunities } from './describeCommunities';
import { COMMUNITIES_BIN, COMMUNITIES_FORMAT, COMMUNITIES_JSON, encodeCommunityStars, type CommunitiesJson } from './format';
import { communityHierarchy } from './hierarchy';
import { levelColours } from './levelColours';
import { DEFAULT_COMMUNITY_SEED } from './leiden';
import { inDegrees, linksBinSource } from './linksBinGraph';
import { undirectedGraph } from './weightedGraph';

export interface CommunitiesResult {
  manifest: Manifest;
  levels: { count: number; modularity: number }[];
}

function int32File(file: string): Int32Array {
  const bytes = readFileSync(file);
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
  return new Int32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.byteLength / 4));
}

function writeAtomically(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Finds the communities of one version of a galaxy folder, writes communities.bin and
 * communities.json beside its classic files and lists the version under the manifest's optional
 * "communities" key. The version's name must already have been checked.
 */
export function addCommunities(galaxyDir: string, version: string, manifest: Manifest, seed = DEFAULT_COMMUNITY_SEED): CommunitiesResult {
  const versionDir = path.join(galaxyDir, version);
  if (!existsSync(path.join(versionDir, 'positions.bin'))) throw new Error(`${versionDir} holds no positions.bin`);
  const positions = int32File(path.join(versionDir, 'positions.bin'));
  const starCount = Math.floor(positions.length / 3);
  const values = int32File(path.join(versionDir, 'links.bin'));
  const links = linksBinSource(values, starCount);
  const graph = undirectedGraph(starCount, links);
  const hierarchy = communityHierarchy(graph, { seed });
  const colours = levelColours(graph, hierarchy);
  const labels = readLabels(path.join(versionDir, 'labels.json'), starCount);
  const levels = describeCommunities(hierarchy, {
    positions,
    inDegree: inDegrees(starCount, links),
    name: (star) => labelAt(labels, star),
    kind: ecosystemKind(path.basename(galaxyDir), manifest.meta),
  }).map((level, l) => ({ ...level, colour: Array.from(colours[l]) }));
  const file: CommunitiesJson = { format: COMMUNITIES_FORMAT, stars: starCount, seed, levels };
  writeAtomically(path.join(versionDir, COMMUNITIES_BIN), encodeCommunityStars(hierarchy.stars));
  writeAtomically(path.join(versionDir, COMMUNITIES_JSON), `${JSON.stringify(file)}\n`);
  const updated = updateManifest(galaxyDir, (current) => {
    const communities = (current.communities ?? []).filter((known) => known !== version);
    communities.push(version);
    return { ...current, communities };
  });
  return { manifest: updated, levels: levels.map(({ count, modularity }) => ({ count, modularity })) };
}
