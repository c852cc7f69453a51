import { FORMATS, type GraphFormat } from '../importers/types';
import type { CommunityFiles } from './communitiesProtocol';

/** What "Your galaxies" lists about a galaxy kept in this browser. */
export interface LocalGalaxyEntry {
  name: string;
  version: string;
  /** The file it was opened from. */
  sourceName: string;
  format: GraphFormat;
  nodeCount: number;
  edgeCount: number;
  /** Bytes kept (positions.bin + links.bin + labels.json, and communities.bin + communities.json where found). */
  bytes: number;
  createdAt: number;
  /** False until the layout has converged; such a galaxy is laid out again when opened. */
  settled: boolean;
  /** Iterations the layout took, once settled. */
  iterations?: number;
}

/** The three files of the wire format (docs/rules.md#data-and-loading). */
export interface LocalGalaxyFiles {
  positions: ArrayBuffer;
  links: ArrayBuffer;
  labels: string;
  /** communities.bin and communities.json (docs/communities.md), found after the import; absent when cancelled or kept before them. */
  communities?: CommunityFiles;
}

/** positions.bin holds three int32 per star. */
const POSITION_BYTES = 12;

/** What Home and the galaxy screen say of a record that does not read back as it was written. */
export const DAMAGED = 'Its stored data is damaged.';

/** A record read back that is not what this viewer wrote: `reason` names the first field found wrong. */
export class DamagedRecordError extends Error {
  constructor(readonly reason: string) {
    super(`its stored data is damaged (${reason})`);
    this.name = 'DamagedRecordError';
  }
}

type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The fields of a kept entry and what each must hold; the first that does not is the reason. */
const ENTRY_FIELDS: Array<[keyof LocalGalaxyEntry, string, (value: unknown) => boolean]> = [
  ['name', 'a name', (value) => typeof value === 'string' && value !== ''],
  ['version', 'a version', (value) => typeof value === 'string' && value !== ''],
  ['sourceName', 'a file name', (value) => typeof value === 'string'],
  ['format', 'a known format', (value) => FORMATS.some((format) => format === value)],
  ['nodeCount', 'a star count of 1 or more', (value) => isCount(value) && value > 0],
  ['edgeCount', 'a link count', isCount],
  ['bytes', 'a size in bytes', isCount],
  ['createdAt', 'a time', (value) => typeof value === 'number' && Number.isFinite(value)],
  ['settled', 'true or false', (value) => typeof value === 'boolean'],
  ['iterations', 'an iteration count', (value) => value === undefined || isCount(value)],
];

/** A galaxy's entry as read back from storage, or why it cannot be trusted. */
export function checkEntry(value: unknown): Checked<LocalGalaxyEntry> {
  if (!isRecord(value)) return { ok: false, reason: 'the entry is not an object' };
  for (const [field, meaning, valid] of ENTRY_FIELDS) {
    if (!valid(value[field])) return { ok: false, reason: `${field} is not ${meaning}` };
  }
  return { ok: true, value: value as unknown as LocalGalaxyEntry };
}

/** A galaxy's files as read back from storage, against its (checked) entry, or why they cannot be trusted. */
export function checkFiles(value: unknown, entry: LocalGalaxyEntry): Checked<LocalGalaxyFiles> {
  if (!isRecord(value)) return { ok: false, reason: 'the files are not an object' };
  const { positions, links, labels } = value;
  if (!(positions instanceof ArrayBuffer)) return { ok: false, reason: 'positions.bin is not bytes' };
  if (positions.byteLength !== entry.nodeCount * POSITION_BYTES) {
    return { ok: false, reason: `positions.bin holds ${positions.byteLength} bytes, not ${POSITION_BYTES} for each of ${entry.nodeCount} stars` };
  }
  if (!(links instanceof ArrayBuffer) || links.byteLength % 4 !== 0) return { ok: false, reason: 'links.bin is not 32-bit numbers' };
  if (typeof labels !== 'string') return { ok: false, reason: 'labels.json is not text' };
  const { communities } = value;
  if (communities === undefined) return { ok: true, value: { positions, links, labels } };
  if (!isRecord(communities) || !(communities.stars instanceof ArrayBuffer) || typeof communities.json !== 'string') {
    return { ok: false, reason: 'the communities are not communities.bin and communities.json' };
  }
  if (communities.stars.byteLength !== entry.nodeCount * 4) {
    return { ok: false, reason: `communities.bin holds ${communities.stars.byteLength} bytes, not 4 for each of ${entry.nodeCount} stars` };
  }
  return { ok: true, value: { positions, links, labels, communities: { stars: communities.stars, json: communities.json } } };
}
