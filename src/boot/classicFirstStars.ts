import { robustBoundingBox } from '../geometry/robustBounds';
import { DEFAULT_STAR_SIZE } from '../renderer/starAttributes';
import type { FirstStars } from '../renderer/firstStars';
import { decodePositions } from '../data/wire/positions';
import { openingPose } from '../url/viewPose';
import { parseViewQuery, splitHash } from '../url/viewQuery';
import { parseBudgetKey } from '../url/budgetKey';
import { deviceHints, openingBudget } from '../tiles/planner/budgets';
import type { FirstStarsDevice, FirstStarsScene } from './firstStarsOnWindow';

/**
 * A classic galaxy's stars from its positions.bin as the viewer first shows them, before links
 * size them: at the default size, positions times the scale s, seen from where the address opens
 * (the stars' box without outliers in view, as the scene fits it, unless the address places the
 * camera). As many as the galaxy opens with on the device (`openingBudget`, `budget=` of the
 * address or the device's default): the first stars by number, which say nothing of place, so the
 * galaxy keeps its shape as the viewer's thinned cells then draw it (src/stars/cellsWithinBudget.ts)
 * rather than losing half its stars when the viewer takes over. Undefined when the file holds no
 * star, or was handed on already (detached).
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
  return (aspect, device) => {
    const count = Math.min(nodeCount, openingStars(device, query));
    const stars: FirstStars = { count, positions, sizes: new Float32Array(count).fill(DEFAULT_STAR_SIZE) };
    return { stars, pose: openingPose(query, bounds, aspect) };
  };
}

function openingStars({ backend, softwareRasteriser }: FirstStarsDevice, query: string): number {
  return openingBudget(deviceHints(backend, typeof navigator === 'undefined' ? undefined : navigator, softwareRasteriser), parseBudgetKey(query)).stars;
}
