import { describe, expect, it } from 'vitest';
import { boxIntersectsFrustum, emptyFrustumPlanes, frustumPlanes } from '../../../../src/geometry/frustum';
import { projectionFactor, tileImportance } from '../../../../src/tiles/planner/importance';
import { TilePriorityQueue } from '../../../../src/tiles/planner/tilePriorityQueue';
import { cameraAt } from './plannerFixtures';

const box = (cx: number, cy: number, cz: number, half = 10) => [cx - half, cy - half, cz - half, cx + half, cy + half, cz + half];

describe('view frustum', () => {
  const camera = cameraAt([0, 0, 0], [0, 0, -1]);
  const planes = frustumPlanes(camera.viewProjection);

  it('keeps boxes in front of the camera and drops those behind it or beside the view', () => {
    expect(boxIntersectsFrustum(planes, box(0, 0, -100))).toBe(true);
    expect(boxIntersectsFrustum(planes, box(0, 0, 100))).toBe(false); // behind
    expect(boxIntersectsFrustum(planes, box(500, 0, -100))).toBe(false); // far to the right of a 45° view
    expect(boxIntersectsFrustum(planes, box(0, -500, -100))).toBe(false); // below
  });

  it('keeps a box that straddles the camera and one far beyond the far plane', () => {
    expect(boxIntersectsFrustum(planes, box(0, 0, 0, 50))).toBe(true);
    expect(boxIntersectsFrustum(planes, box(0, 0, -1e6, 10))).toBe(true);
  });

  it('writes the planes into the array a planner keeps, the same planes as a fresh one, rewritten for the next camera', () => {
    const kept = emptyFrustumPlanes();
    expect(frustumPlanes(camera.viewProjection, kept)).toBe(kept);
    expect(kept).toEqual(planes);
    const turned = cameraAt([0, 0, 0], [1, 0, 0]);
    frustumPlanes(turned.viewProjection, kept);
    expect(kept).toEqual(frustumPlanes(turned.viewProjection));
    expect(boxIntersectsFrustum(kept, box(100, 0, 0))).toBe(true);
    expect(boxIntersectsFrustum(kept, box(0, 0, -100))).toBe(false);
  });
});

describe('tile importance', () => {
  const camera = cameraAt([0, 0, 0], [0, 0, -1]);
  const factor = projectionFactor(camera);

  it('ranks a nearer tile of the same size higher, and a tile around the camera highest', () => {
    const near = tileImportance(camera, factor, box(0, 0, -100), 0, 1);
    const far = tileImportance(camera, factor, box(0, 0, -1000), 0, 1);
    expect(near.importance).toBeGreaterThan(far.importance);
    expect(near.pixelRadius).toBeCloseTo((Math.sqrt(3) * 10 * factor) / 100, 6);
    expect(tileImportance(camera, factor, box(0, 0, 0, 50), 0, 1).importance).toBe(Infinity);
  });
});

describe('TilePriorityQueue', () => {
  it('hands out tiles most important first', () => {
    const queue = new TilePriorityQueue();
    const keys = [5, 1, 9, 3, 7, 2, 8, Infinity, 0, 6];
    keys.forEach((key, tile) => queue.push(tile, key));
    const order: number[] = [];
    while (queue.size > 0) order.push(queue.pop());
    expect(order.map((tile) => keys[tile])).toEqual([...keys].sort((a, b) => b - a));
    expect(queue.pop()).toBe(-1);
  });
});
