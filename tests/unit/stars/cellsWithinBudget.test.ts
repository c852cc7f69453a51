import { describe, expect, it } from 'vitest';
import { boundsOfBox, Camera, lookAtOrientation, wholeScenePose } from '../../../src/renderer/camera';
import type { StarCells } from '../../../src/renderer/starCells';
import { plannerCameraOf } from '../../../src/scene/plannerCamera';
import { BudgetedCells, sortByImportance, starsInCells } from '../../../src/stars/cellsWithinBudget';
import { cellsWithinBudget } from '../../support/cellsWithinBudgetReference';
import { buildGridCells } from '../../../src/stars/gridCells';
import type { PlannerCamera } from '../../../src/tiles/planner/importance';
import type { CameraPose } from '../../../src/scene/scene';
import { flightPath } from '../../support/flightPath';

/** Stars in a few dense clumps over a thin haze, so that cells hold very different counts. */
function clumpedPositions(count: number, seed: number): Float32Array {
  let state = seed;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const clumps = Array.from({ length: 12 }, () => [random(), random(), random()].map((v) => (v - 0.5) * 16000));
  const positions = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const haze = random() < 0.2;
    const clump = clumps[Math.floor(random() * clumps.length)];
    for (let a = 0; a < 3; a++) positions[i * 3 + a] = haze ? (random() - 0.5) * 20000 : clump[a] + (random() - 0.5) * (500 + 3000 * random());
  }
  return positions;
}

function cameraAt(pose: CameraPose): PlannerCamera {
  const camera = new Camera();
  camera.setViewport(800, 600, 800, 600);
  camera.setScene(boundsOfBox([-10000, -10000, -10000], [10000, 10000, 10000]));
  camera.setPose(pose);
  return plannerCameraOf(camera);
}

const listOf = (cells: StarCells) => ({ start: [...cells.start], count: [...cells.count], bounds: [...cells.bounds] });

describe('the shares of its cells a whole galaxy draws within its star budget, as the camera moves', () => {
  const positions = clumpedPositions(60_000, 11);
  const all = buildGridCells(positions);
  const whole = wholeScenePose(boundsOfBox([-10000, -10000, -10000], [10000, 10000, 10000]), 800 / 600);
  const flight = flightPath(whole.position, [0, 0, 0], 600, 0.2);
  // Inside the densest cell, where the cells the camera is inside may not fit a small budget.
  let densest = 0;
  for (let cell = 1; cell < all.cells; cell++) if (all.count[cell] > all.count[densest]) densest = cell;
  const inDensest: [number, number, number] = [0, 1, 2].map((a) => (all.bounds[densest * 6 + a] + all.bounds[densest * 6 + 3 + a]) / 2) as [number, number, number];
  const jumps: CameraPose[] = [
    flight[100],
    flight[3],
    { position: [0, 0, 0], orientation: lookAtOrientation([0, 0, 0], [1, 2, 3]) },
    { position: inDensest, orientation: lookAtOrientation(inDensest, [0, 0, 0]) },
    flight[60],
    { position: [0, 0, 40000], orientation: lookAtOrientation([0, 0, 40000], [0, 0, 80000]) },
    flight[599],
  ];

  it('are the very shares the one-off choice draws, pose after pose, jumps included', () => {
    const everyTenth = flight.filter((_, i) => i % 10 === 0);
    // The two budgets that thin the galaxy, over the whole flight; one the cells the camera is in
    // overflow (at the densest cell) and one that holds every star, at a tenth of it.
    const runs: [number, CameraPose[]][] = [[5000, flight], [20_000, flight], [200, everyTenth], [100_000, everyTenth]];
    for (const [budget, poses] of runs) {
      const chooser = new BudgetedCells(all);
      for (const pose of [...poses, ...jumps]) {
        const camera = cameraAt(pose);
        const reference = cellsWithinBudget(all, camera, budget);
        expect(listOf(chooser.choose(camera, budget))).toEqual(listOf(reference));
      }
    }
  });

  it('thin the galaxy to its budget on the flight (less what rounding each share down leaves)', () => {
    const chooser = new BudgetedCells(all);
    for (const pose of flight.filter((_, i) => i % 50 === 0)) {
      const drawn = chooser.choose(cameraAt(pose), 5000);
      expect(starsInCells(drawn)).toBeLessThanOrEqual(5000);
      expect(starsInCells(drawn)).toBeGreaterThan(4000);
    }
  });

  it('are sorted from their last order while the camera flies, and handed back unchanged when nothing changed', () => {
    const chooser = new BudgetedCells(all);
    chooser.choose(cameraAt(flight[0]), 20_000);
    let moves = 0;
    for (const pose of flight.slice(1)) {
      chooser.choose(cameraAt(pose), 20_000);
      moves += chooser.moves;
    }
    // On average well below the fall-back to a sort from scratch (taken past 16 cells shifted per cell).
    expect(moves / (flight.length - 1)).toBeLessThan(4 * all.cells);
    const still = cameraAt(flight[50]);
    const first = chooser.choose(still, 20_000);
    const made = chooser.made;
    expect(chooser.choose(still, 20_000)).toBe(first);
    expect(chooser.choose(cameraAt(flight[50]), 20_000)).toBe(first);
    expect(chooser.moves).toBe(0);
    expect(chooser.made).toBe(made);
  });

  it('measure and sort no cell while every star in view fits, and hand the last choice back at once for the same camera and budget', () => {
    const chooser = new BudgetedCells(all);
    const far = cameraAt(flight[0]);
    const fits = chooser.choose(far, all.count.reduce((sum, count) => sum + count, 0));
    expect(chooser.work).toMatchObject({ visited: all.cells, measured: 0, sorted: 0 });
    expect(listOf(fits)).toEqual(listOf(cellsWithinBudget(all, far, 60_000)));

    const thinned = chooser.choose(cameraAt(flight[300]), 5000);
    expect(chooser.work.measured).toBeGreaterThan(0);
    expect(chooser.work.sorted).toBe(all.cells);
    const before = { ...chooser.work };
    // The throttle's last call, for the camera of the last move: no cell visited.
    expect(chooser.choose(cameraAt(flight[300]), 5000)).toBe(thinned);
    expect(chooser.work).toEqual({ ...before, unchanged: before.unchanged + 1 });
    expect(listOf(chooser.choose(cameraAt(flight[300]), 6000))).toEqual(listOf(cellsWithinBudget(all, cameraAt(flight[300]), 6000)));
    expect(chooser.work.visited).toBe(before.visited + all.cells);
  });
});

describe('sorting cells by importance from their last order', () => {
  it('gives the stable order, highest first and ties by cell, from any start, however far it is', () => {
    let state = 7;
    const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    for (const n of [0, 1, 5, 300]) {
      const importance = Float64Array.from({ length: n }, () => (random() < 0.3 ? 0 : random() < 0.1 ? Infinity : Math.floor(random() * 20)));
      const expected = [...Array(n).keys()].sort((a, b) => (importance[a] > importance[b] ? -1 : importance[a] < importance[b] ? 1 : a - b));
      const shuffled = Uint32Array.from([...Array(n).keys()].sort(() => random() - 0.5));
      const nearly = Uint32Array.from(expected);
      if (n > 3) [nearly[1], nearly[2]] = [nearly[2], nearly[1]];
      for (const order of [shuffled, nearly, Uint32Array.from(expected).reverse()]) {
        sortByImportance(order, importance);
        expect([...order]).toEqual(expected);
      }
    }
  });
});
