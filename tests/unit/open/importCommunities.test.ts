import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { withCentresOf } from '../../../src/communities/communityCentres';
import { findCommunities } from '../../../src/communities/findCommunities';
import { checkCommunities, decodeCommunityStars, encodeCommunityStars, parseCommunitiesJson } from '../../../src/communities/format';
import { LabelsScanner } from '../../../src/data/wire/labelsScanner';
import type { CommunitiesReply, CommunitiesRequest } from '../../../src/open/communitiesProtocol';
import { findGalaxyCommunities, type CommunitiesWorker } from '../../../src/open/findGalaxyCommunities';
import { galaxyZip } from '../../../src/open/galaxyZip';
import { checkFiles, type LocalGalaxyEntry } from '../../../src/open/keptRecord';
import { communitiesDetail } from '../../../src/open/useGraphImport';
import { decodeTileCommunities } from '../../../src/tiles/format/tileCommunitiesCodec';
import { decodeHierarchy } from '../../../src/tiles/format/hierarchyCodec';
import { gunzipSync } from 'fflate';

/** Two triangles joined by one link, and a star alone: stars 0-2 and 3-5 are the two communities. */
function twoTriangles() {
  const positions = new Int32Array([0, 0, 0, 10, 0, 0, 0, 10, 0, 1000, 0, 0, 1010, 0, 0, 1000, 10, 0, 5, 5, 5]);
  // links.bin: -(s+1) starts s's out-list, t+1 links to t.
  const links = new Int32Array([-1, 2, 3, -2, 3, -4, 5, 6, -5, 6, -3, 4]);
  const labels = JSON.stringify(['a', 'b', 'c', 'd', 'e', 'f', 'alone']);
  return { positions, links, labels };
}

function found() {
  const { positions, links, labels } = twoTriangles();
  return findCommunities({
    positions,
    links,
    labels: () => {
      const scanner = new LabelsScanner();
      scanner.pushText(labels);
      return scanner.finish(7);
    },
    kind: 'graph',
  });
}

/** The worker's own code run in this thread, as the browser would run it in a worker. */
class InThreadCommunitiesWorker implements CommunitiesWorker {
  onmessage: ((event: MessageEvent<CommunitiesReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  postMessage(message: CommunitiesRequest): void {
    setTimeout(() => {
      const labels = new LabelsScanner();
      labels.pushText(message.labels);
      const starCount = message.positions.byteLength / 12;
      const result = findCommunities(
        { positions: new Int32Array(message.positions), links: new Int32Array(message.links), labels: () => labels.finish(starCount), kind: message.kind },
        undefined,
        (level, count) => this.reply({ type: 'level', level, count }),
      );
      this.reply({ type: 'done', files: { stars: encodeCommunityStars(result.stars).buffer as ArrayBuffer, json: JSON.stringify(result.file) } });
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
  private reply(data: CommunitiesReply): void {
    if (!this.terminated) this.onmessage?.({ data } as MessageEvent<CommunitiesReply>);
  }
}

describe('finding an imported graph\'s communities', () => {
  it('finds the two triangles, the lone star in the unlinked community, with consistent levels', () => {
    const { stars, file } = found();
    expect(stars[0]).toBe(stars[1]);
    expect(stars[1]).toBe(stars[2]);
    expect(stars[3]).toBe(stars[4]);
    expect(stars[0]).not.toBe(stars[3]);
    expect(stars[6]).toBe(file.levels[0].unlinked);
    expect(checkCommunities(file, stars, 7)).toEqual([]);
  });

  it('reports each level as it is found and the files at the end, through the worker protocol', async () => {
    const { positions, links, labels } = twoTriangles();
    const levels: number[] = [];
    const worker = new InThreadCommunitiesWorker();
    const outcome = await findGalaxyCommunities(
      { positions: positions.buffer, links: links.buffer, labels, kind: 'graph' },
      { onLevel: (level) => levels.push(level), createWorker: () => worker },
    );
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(levels[0]).toBe(0);
    expect(decodeCommunityStars(new Uint8Array(outcome.files.stars))).toHaveLength(7);
    expect(parseCommunitiesJson(outcome.files.json).stars).toBe(7);
    expect(worker.terminated).toBe(true);
  });

  it('is cancelled at once by its signal, terminating the worker', async () => {
    const { positions, links, labels } = twoTriangles();
    const worker = new InThreadCommunitiesWorker();
    const controller = new AbortController();
    const outcome = findGalaxyCommunities({ positions: positions.buffer, links: links.buffer, labels, kind: 'graph' }, { signal: controller.signal, createWorker: () => worker });
    controller.abort();
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(worker.terminated).toBe(true);
  });

  it('says what it is doing and that cancelling keeps the galaxy', () => {
    expect(communitiesDetail(0, 0)).toBe('Grouping the stars. Cancel keeps the galaxy without them.');
    expect(communitiesDetail(1, 1568)).toBe('Finest level found: 1,568 communities. Cancel keeps the galaxy without them.');
    expect(communitiesDetail(1, 1)).toBe('Finest level found: 1 community. Cancel keeps the galaxy without them.');
    expect(communitiesDetail(3, 40)).toBe('Level 3 found: 40 communities. Cancel keeps the galaxy without them.');
  });
});

describe('a kept galaxy with communities', () => {
  const entry = { nodeCount: 7 } as LocalGalaxyEntry;
  const files = () => {
    const { positions, links, labels } = twoTriangles();
    const { stars, file } = found();
    return { positions: positions.buffer, links: links.buffer, labels, communities: { stars: encodeCommunityStars(stars).buffer as ArrayBuffer, json: JSON.stringify(file) } };
  };

  it('reads back with its communities, and without them as before', () => {
    const withCommunities = checkFiles(files(), entry);
    expect(withCommunities.ok && withCommunities.value.communities?.stars.byteLength).toBe(28);
    const { communities: _dropped, ...without } = files();
    const old = checkFiles(without, entry);
    expect(old.ok && old.value.communities).toBeUndefined();
  });

  it('is damaged when communities.bin does not give every star one', () => {
    const damaged = { ...files(), communities: { stars: new ArrayBuffer(8), json: '{}' } };
    expect(checkFiles(damaged, entry)).toEqual({ ok: false, reason: 'communities.bin holds 8 bytes, not 4 for each of 7 stars' });
  });

  it('saves communities.bin and communities.json beside the classic files, listed in the manifest, centred where the stars are now, and in its tiles', () => {
    const kept = files();
    // The layout has moved every star 100 along x since the communities were found.
    const moved = new Int32Array(kept.positions.slice(0));
    for (let v = 0; v < 7; v++) moved[v * 3] += 100;
    const zip = unzipSync(galaxyZip('tri', 'v1', { ...kept, positions: moved.buffer }, 'tri.csv'));
    expect(JSON.parse(strFromU8(zip['tri/manifest.json']))).toMatchObject({ all: ['v1'], tiles: ['v1'], communities: ['v1'] });
    const stars = decodeCommunityStars(zip['tri/v1/communities.bin']);
    const json = parseCommunitiesJson(strFromU8(zip['tri/v1/communities.json']));
    expect(checkCommunities(json, stars, 7)).toEqual([]);
    const triangle = stars[0];
    expect(json.levels[0].centre.slice(triangle * 3, triangle * 3 + 3)).toEqual([103, 3, 0]);
    const index = JSON.parse(strFromU8(zip['tri/v1/tiles/index.json'])) as { communities: string };
    expect(index.communities).toBe('communities/{index}.bin.gz');
    const hierarchy = decodeHierarchy(gunzipSync(zip['tri/v1/tiles/hierarchy.bin.gz']));
    const root = decodeTileCommunities(gunzipSync(zip['tri/v1/tiles/communities/0.bin.gz']), hierarchy, 0, 0, new Uint32Array(hierarchy.starCount[0]));
    expect(root).toHaveLength(7);
  });

  it('saves a galaxy without communities as before', () => {
    const { communities: _dropped, ...without } = files();
    const zip = unzipSync(galaxyZip('tri', 'v1', without));
    expect(Object.keys(zip).some((file) => file.includes('communities'))).toBe(false);
    expect(JSON.parse(strFromU8(zip['tri/manifest.json']))).not.toHaveProperty('communities');
  });
});

describe('centres taken again', () => {
  it('follow the parents up the levels', () => {
    const { stars, file } = found();
    const positions = new Int32Array(21).fill(6);
    const moved = withCentresOf(file, stars, positions);
    for (const level of moved.levels) expect(new Set(level.centre)).toEqual(new Set([6]));
  });
});
