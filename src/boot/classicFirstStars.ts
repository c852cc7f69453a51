import { robustBoundingBox } from '../geometry/robustBounds';
import { DEFAULT_STAR_SIZE } from '../renderer/starAttributes';
import type { FirstStars } from '../renderer/firstStars';
import { decodePositions } from '../data/wire/positions';
import { openingPose } from '../url/viewPose';
import { parseViewQuery, splitHash } from '../url/viewQuery';
import type { FirstStarsScene } from './firstStarsOnWindow';

/**
 * A classic galaxy's stars from its positions.bin as the viewer first shows them, before links
 * size them: every star at the default size, positions times the scale s, seen from where the
 * address opens (the stars' box without outliers in view, as the scene fits it, unless the address
 * places the camera). Undefined when the file holds no star, or was handed on already (detached).
 */
export function classicScene(href: string, positionsBin: ArrayBuffer): FirstStarsScene | undefined {
  if (positionsBin.byteLength === 0) return undefined;
  const { positions, nodeCount } = decodePositions(positionsBin, 1);
  if (nodeCount === 0) return undefined;
  const { query } = splitHash(new URL(href).hash);
  const scale = parseViewQuery(query).scale;
  const box = robustBoundingBox(positions, nodeCount);
  const bounds = { min: [box.minX, box.minY, box.minZ], max: [box.maxX, box.maxY, box.maxZ] };
  if (scale !== 1) for (let i = 0; i < positions.length; i++) positions[i] *= scale;
  const stars: FirstStars = { count: nodeCount, positions, sizes: new Float32Array(nodeCount).fill(DEFAULT_STAR_SIZE) };
  return (aspect) => ({ stars, pose: openingPose(query, bounds, aspect) });
}
