import { GalaxyLoadError } from '../loadTypes';
import type { GalaxyMeta, Manifest } from '../manifest';

/** Validates manifest.json text; `url` names the file in the message when it is unusable. */
export function parseManifest(text: string, url: string): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GalaxyLoadError(`The manifest at ${url} is not valid JSON`, 'data');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new GalaxyLoadError(`The manifest at ${url} is not a JSON object`, 'data');
  }
  const record = parsed as Record<string, unknown>;
  const all = Array.isArray(record.all) ? record.all.filter((v): v is string => typeof v === 'string') : [];
  const last = typeof record.last === 'string' && record.last ? record.last : all[all.length - 1];
  if (!last) throw new GalaxyLoadError(`The manifest at ${url} names no version ("last" is missing)`, 'data');
  const manifest: Manifest = { last, all: all.length > 0 ? all : [last] };
  if (typeof record.endpoint === 'string' && record.endpoint) manifest.endpoint = record.endpoint;
  if (Array.isArray(record.tiles)) manifest.tiles = record.tiles.filter((v): v is string => typeof v === 'string');
  const meta = parseMeta(record.meta);
  if (meta) manifest.meta = meta;
  return manifest;
}

/** Keeps only well-typed metadata fields, so odd values never reach the UI. */
function parseMeta(value: unknown): GalaxyMeta | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const meta: GalaxyMeta = {};
  if (typeof record.title === 'string') meta.title = record.title;
  if (typeof record.description === 'string') meta.description = record.description;
  if (typeof record.kind === 'string') meta.kind = record.kind;
  const vantage = record.vantage as Record<string, unknown> | undefined;
  if (vantage && typeof vantage.host === 'string' && typeof vantage.asn === 'number' && Number.isFinite(vantage.asn)) {
    meta.vantage = { host: vantage.host, asn: vantage.asn };
  }
  return meta;
}
