import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../data/manifest';
import { ecosystemKind } from '../ecosystems/kind';
import { updateManifest } from '../publish/galaxyFolder';
import { readLabels } from '../tiles/write/writeTiles';
import { findCommunities } from './findCommunities';
import { COMMUNITIES_BIN, COMMUNITIES_JSON, encodeCommunityStars } from './format';
import { DEFAULT_COMMUNITY_SEED } from './leiden';

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
  const { stars, file } = findCommunities(
    {
      positions,
      links: int32File(path.join(versionDir, 'links.bin')),
      labels: () => readLabels(path.join(versionDir, 'labels.json'), starCount),
      kind: ecosystemKind(path.basename(galaxyDir), manifest.meta),
    },
    seed,
  );
  const { levels } = file;
  writeAtomically(path.join(versionDir, COMMUNITIES_BIN), encodeCommunityStars(stars));
  writeAtomically(path.join(versionDir, COMMUNITIES_JSON), `${JSON.stringify(file)}\n`);
  const updated = updateManifest(galaxyDir, (current) => {
    const communities = (current.communities ?? []).filter((known) => known !== version);
    communities.push(version);
    return { ...current, communities };
  });
  return { manifest: updated, levels: levels.map(({ count, modularity }) => ({ count, modularity })) };
}
