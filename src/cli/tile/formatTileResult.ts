import type { WriteTilesResult } from '../../tiles/write/writeTiles';

const n = (value: number) => value.toLocaleString('en-US');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / (1 << 20)).toFixed(1)} MB`;

export function formatTileResult(result: WriteTilesResult, milliseconds: number): string {
  const { index, bytes } = result;
  const lines = [
    `wrote ${result.folder} in ${(milliseconds / 1000).toFixed(1)} s`,
    `stars ${n(index.stars)}, links ${n(index.links)}, max in-degree ${n(index.maxInDegree)}`,
    `tiles ${n(index.tileCount)} (${mb(bytes.tiles)}, largest ${kb(result.largestTileBytes)}), hierarchy ${kb(bytes.hierarchy)}`,
    `adjacency shards ${n(index.adjacency.starBoundaries.length - 1)} (${mb(bytes.adjacency)}), ` +
      `label shards ${n(index.labels.starBoundaries.length - 1)} (${mb(bytes.labels)})`,
  ];
  if (index.communities) lines.push(`communities per tile (${kb(bytes.communities)}, ${(bytes.communities / index.tileCount).toFixed(0)} bytes a tile)`);
  return `${lines.join('\n')}\n`;
}
