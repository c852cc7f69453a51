import { describe, expect, it } from 'vitest';
import { classicScene } from '../../../src/boot/classicFirstStars';
import { DEFAULT_STAR_SIZE } from '../../../src/renderer/starAttributes';
import { SOFTWARE_STAR_BUDGET } from '../../../src/tiles/planner/budgets';

const GPU = { backend: 'webgl2', softwareRasteriser: false } as const;
const SOFTWARE = { backend: 'webgpu', softwareRasteriser: true } as const;

const positionsBin = () => new Int32Array([0, 0, 0, 100, 0, 0, 0, 50, -20]).buffer;
/** 101 stars filling the box (0, 0, -20)..(100, 50, 0). */
const boxBin = () => Int32Array.from({ length: 303 }, (_, k) => [Math.floor(k / 3), Math.floor(k / 3) % 51, -(Math.floor(k / 3) % 21)][k % 3]).buffer;

describe("a classic galaxy's first stars drawn from positions.bin before the viewer runs", () => {
  it('stand where the scene puts them, the scale s applied, at the size stars have before links', () => {
    const scene = classicScene('http://viewer.example/#/galaxy/crates?s=2', positionsBin());
    const { stars } = scene!(1.6, GPU);
    expect(stars.count).toBe(3);
    expect([...stars.positions]).toEqual([0, 0, 0, 200, 0, 0, 0, 100, -40]);
    expect([...stars.sizes]).toEqual([DEFAULT_STAR_SIZE, DEFAULT_STAR_SIZE, DEFAULT_STAR_SIZE]);
  });

  it('are seen whole from the scaled box centre unless the address places the camera', () => {
    const whole = classicScene('http://viewer.example/#/galaxy/crates?s=2', boxBin())!(1.6, GPU).pose;
    // Looking at the box's centre (100, 50, -20) along -z from in front of it.
    expect(whole.position[0]).toBeCloseTo(100);
    expect(whole.position[1]).toBeCloseTo(50);
    expect(whole.position[2]).toBeGreaterThan(0);
    const placed = classicScene('http://viewer.example/#/galaxy/crates?cx=1&cy=2&cz=3', positionsBin())!(1.6, GPU).pose;
    expect(placed.position).toEqual([1, 2, 3]);
  });

  it('are as many as the viewer opens the galaxy with on the device: the software budget, or budget= of the address', () => {
    const big = () => new Int32Array(3 * 120_000).map((_, k) => (k * 7919) % 1000).buffer;
    expect(classicScene('http://viewer.example/#/galaxy/big', big())!(1.6, SOFTWARE).stars.count).toBe(SOFTWARE_STAR_BUDGET);
    expect(classicScene('http://viewer.example/#/galaxy/big', big())!(1.6, GPU).stars.count).toBe(120_000);
    expect(classicScene('http://viewer.example/#/galaxy/big?budget=110k', big())!(1.6, SOFTWARE).stars.count).toBe(110_000);
    expect(classicScene('http://viewer.example/#/galaxy/big?budget=1m', big())!(1.6, SOFTWARE).stars.count).toBe(120_000);
  });

  it('are nothing when the file holds no star or was already handed to the loader', () => {
    expect(classicScene('http://viewer.example/#/galaxy/crates', new ArrayBuffer(0))).toBeUndefined();
    const handed = positionsBin();
    structuredClone(handed, { transfer: [handed] });
    expect(classicScene('http://viewer.example/#/galaxy/crates', handed)).toBeUndefined();
  });
});
