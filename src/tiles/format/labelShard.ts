import { TileDataError } from './tileError';

/** A labels shard: a JSON array of the names of stars firstStar .. firstStar + count - 1 (UTF-8). */
export function encodeLabelShard(names: readonly string[]): string {
  return JSON.stringify(names);
}

export function decodeLabelShard(bytes: Uint8Array, shard: number, firstStar: number, count: number): string[] {
  const name = `labels shard ${shard} (stars ${firstStar}..${firstStar + count - 1})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new TileDataError(`${name} is not UTF-8 JSON (truncated?)`);
  }
  if (!Array.isArray(parsed) || parsed.some((value) => typeof value !== 'string')) {
    throw new TileDataError(`${name} is not an array of names`);
  }
  if (parsed.length !== count) throw new TileDataError(`${name} holds ${parsed.length} names, expected ${count}`);
  return parsed as string[];
}
