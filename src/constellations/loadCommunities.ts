import { checkCommunities, COMMUNITIES_BIN, COMMUNITIES_JSON, CommunitiesFormatError, decodeCommunityStars, parseCommunitiesJson } from '../communities/format';
import { downloadChunks, type FetchLike } from '../data/fetch/download';
import { versionFileUrl } from '../data/fetch/galaxyUrls';
import { stallWatchdog } from '../data/fetch/stallWatchdog';
import { GalaxyLoadError, nothingArrivedFor, STALL_LIMIT_MS } from '../data/loadTypes';
import type { Manifest } from '../data/manifest';
import { Constellations } from './constellations';

/** communities.json holds names and top stars per community at every level: beyond this it is not one a viewer should read. */
export const MAX_COMMUNITIES_JSON_BYTES = 64 * 2 ** 20;

export interface CommunitiesRequest {
  /** Absolute data root. */
  dataRoot: string;
  name: string;
  manifest: Manifest;
  version: string;
  /** Stars in the galaxy: the files must be for as many. */
  starCount: number;
  /** Download communities.bin too (a whole galaxy); a tiled galaxy's stars bring their communities in their tiles. */
  withStars: boolean;
  fetch: FetchLike;
  signal?: AbortSignal;
  stallLimitMs?: number;
}

export interface LoadedCommunities {
  constellations: Constellations;
  /** The finest community per star, when asked for. */
  stars?: Uint32Array;
}

/** Whether the manifest lists communities for the version (its optional "communities" key). */
export function versionHasCommunities(manifest: Manifest, version: string): boolean {
  return manifest.communities?.includes(version) ?? false;
}

/** A communities file that could not be used; the message names the file and says why, as a data warning. */
export class CommunitiesLoadError extends Error {}

/**
 * Downloads and checks a version's communities (docs/communities.md), with the stall watchdog and a
 * size cap per file. Every failure but a cancellation is a CommunitiesLoadError whose message names
 * the file: the galaxy then opens without them.
 */
export async function loadCommunities(request: CommunitiesRequest): Promise<LoadedCommunities> {
  const { dataRoot, name, manifest, version, starCount } = request;
  const jsonUrl = versionFileUrl(dataRoot, manifest, name, version, COMMUNITIES_JSON);
  const binUrl = versionFileUrl(dataRoot, manifest, name, version, COMMUNITIES_BIN);
  const [jsonBytes, binBytes] = await Promise.all([
    fetchCapped(request, jsonUrl, COMMUNITIES_JSON, MAX_COMMUNITIES_JSON_BYTES),
    request.withStars ? fetchCapped(request, binUrl, COMMUNITIES_BIN, starCount * 4) : Promise.resolve(undefined),
  ]);
  try {
    const file = parseCommunitiesJson(new TextDecoder().decode(jsonBytes));
    if (!binBytes) {
      if (file.stars !== starCount) throw new CommunitiesFormatError(`${COMMUNITIES_JSON} is for ${file.stars} stars, the galaxy has ${starCount}`);
      return { constellations: new Constellations(file) };
    }
    const stars = decodeCommunityStars(binBytes);
    const problems = checkCommunities(file, stars, starCount);
    if (problems.length > 0) throw new CommunitiesFormatError(problems.length === 1 ? problems[0] : `${problems[0]} (and ${problems.length - 1} more problems)`);
    return { constellations: new Constellations(file), stars };
  } catch (error) {
    if (error instanceof CommunitiesFormatError) throw new CommunitiesLoadError(`${error.message}: the stars are not coloured by constellation`);
    throw error;
  }
}

/** One file, whole, refused once it grows beyond `cap` bytes or stalls. */
async function fetchCapped(request: CommunitiesRequest, url: string, file: string, cap: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const stallLimit = request.stallLimitMs ?? STALL_LIMIT_MS;
  const stall = new AbortController();
  const stop = () => stall.abort();
  request.signal?.addEventListener('abort', stop);
  if (request.signal?.aborted) stop();
  const watchdog = stallWatchdog(stallLimit, stop);
  try {
    await downloadChunks(url, request.fetch, stall.signal, (chunk) => {
      length += chunk.byteLength;
      if (length > cap) throw new CommunitiesLoadError(`${file} at ${url} is larger than the ${cap.toLocaleString('en-US')} bytes it can be: the stars are not coloured by constellation`);
      chunks.push(chunk);
    }, () => watchdog.progressed());
  } catch (error) {
    if (error instanceof CommunitiesLoadError || request.signal?.aborted) throw error;
    if (stall.signal.aborted) throw new CommunitiesLoadError(`The download of ${file} at ${url} stalled: ${nothingArrivedFor(stallLimit)}; the stars are not coloured by constellation`);
    if (error instanceof GalaxyLoadError) throw new CommunitiesLoadError(`${error.message}: the stars are not coloured by constellation`);
    throw error;
  } finally {
    watchdog.stop();
    request.signal?.removeEventListener('abort', stop);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
