import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mat4, quat, vec3, vec4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { decodePositions } from '../../../src/data/wire/positions';
import { boundsOf, Camera, DEFAULT_FAR, lookAtOrientation, perspectiveTimesView, viewOfPose, wholeScenePose } from '../../../src/renderer/camera';
import type { CameraPose } from '../../../src/scene/scene';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';

/** Stars in front of the camera that the depth range would clip (beyond the far plane). */
function clippedStars(camera: Camera, positions: Float32Array): number {
  let clipped = 0;
  const clip = vec4.create();
  for (let i = 0; i < positions.length; i += 3) {
    vec4.transformMat4(clip, [positions[i], positions[i + 1], positions[i + 2], 1], camera.viewProjection);
    if (clip[3] > 1 && clip[2] > clip[3]) clipped++;
  }
  return clipped;
}

function cameraAt(pose: CameraPose, positions: Float32Array): Camera {
  const camera = new Camera();
  camera.setViewport(1024, 700, 1024, 700);
  camera.setScene(boundsOf(positions));
  camera.setPose(pose);
  return camera;
}

describe('camera', () => {
  it('uses the defaults (docs/rules.md#renderer): far 20000 for a small scene, a point straight ahead in the middle', () => {
    const positions = new Float32Array([0, 0, -500, 100, 0, -500]);
    const camera = cameraAt({ position: [0, 0, 0], orientation: [0, 0, 0, 1] }, positions);
    expect(camera.far).toBe(DEFAULT_FAR);
    expect(camera.project(0, 0, -500)).toEqual({ x: 512, y: 350 });
    expect(camera.project(0, 0, 500)).toBeUndefined();
    const right = camera.project(100, 0, -500)!;
    // fov 45° vertical: 100 units at distance 500 is 100 / (500 tan 22.5°) of half the height.
    expect(right.x - 512).toBeCloseTo((100 / (500 * Math.tan(Math.PI / 8))) * 350, 3);
  });

  it('casts the ray through a pixel back onto the star drawn there', () => {
    const camera = cameraAt({ position: [10, 20, 30], orientation: lookAtOrientation([10, 20, 30], [400, -300, 900]) }, new Float32Array(3));
    const star: [number, number, number] = [350, -100, 700];
    const at = camera.project(...star)!;
    const ray = camera.rayThrough(at.x, at.y);
    const t = [0, 1, 2].map((k) => (star[k] - ray.origin[k]) / ray.direction[k]);
    expect(t[1]).toBeCloseTo(t[0], 3);
    expect(t[2]).toBeCloseTo(t[0], 3);
  });

  it('puts a point the pose moved and turned back where it was: the view undoes the pose, as the inverse of its matrix', () => {
    const view = mat4.create(), inverse = mat4.create();
    for (const [angle, axis, position] of [
      [0, [0, 1, 0], [0, 0, 0]],
      [0.7, [1, 2, 3], [120, -40, 3000]],
      [2.9, [-0.3, 0.1, 1], [-5e4, 2e4, 7]],
    ] as const) {
      const orientation = quat.setAxisAngle(quat.create(), vec3.normalize(vec3.create(), axis), angle);
      viewOfPose(view, orientation, vec3.fromValues(position[0], position[1], position[2]));
      mat4.invert(inverse, mat4.fromRotationTranslation(inverse, orientation, position));
      for (let i = 0; i < 16; i++) expect(view[i]).toBeCloseTo(inverse[i], Math.abs(inverse[i]) > 100 ? 1 : 5);
      // The camera's own point is the view's origin.
      const eye = vec4.transformMat4(vec4.create(), [...position, 1], view);
      for (let i = 0; i < 3; i++) expect(Math.abs(eye[i])).toBeLessThan(Math.hypot(...position) * 1e-6 + 1e-6);
    }
  });

  it('multiplies a perspective projection by the view to the same numbers as a full matrix product, in either depth range', () => {
    const view = viewOfPose(mat4.create(), quat.setAxisAngle(quat.create(), vec3.normalize(vec3.create(), [1, -2, 0.5]), 1.3), vec3.fromValues(310, -75, 4200));
    for (const perspective of [mat4.perspectiveNO, mat4.perspectiveZO]) {
      const projection = perspective(mat4.create(), Math.PI / 4, 1.6, 1, 48_000);
      expect([...perspectiveTimesView(mat4.create(), projection, view)]).toEqual([...mat4.multiply(mat4.create(), projection, view)]);
    }
  });

  it('views the world from its pose: the view undoes the camera\'s placement, for poses of every kind', () => {
    const camera = cameraAt({ position: [0, 0, 0], orientation: [0, 0, 0, 1] }, new Float32Array(3));
    for (let i = 0; i < 50; i++) {
      const position: [number, number, number] = [Math.sin(i) * 5000, Math.cos(i * 1.3) * 200, i * 97 - 2000];
      camera.setPose({ position, orientation: lookAtOrientation(position, [Math.cos(i) * 300, i * 11, Math.sin(i * 0.7) * 800]) });
      const placement = mat4.fromRotationTranslation(mat4.create(), camera.orientation, camera.position);
      const undone = mat4.multiply(mat4.create(), camera.view, placement);
      const identity = mat4.create();
      for (let k = 0; k < 16; k++) expect(undone[k]).toBeCloseTo(identity[k], 3);
    }
  });

  it('looks at the target it is given', () => {
    const camera = cameraAt({ position: [100, 100, 100], orientation: lookAtOrientation([100, 100, 100], [100, 100, -900]) }, new Float32Array(3));
    const forward = camera.forward();
    expect([forward[0], forward[1], forward[2]].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 0, -1]);
  });
});

describe.skipIf(!haveSharedGalaxies)('no shared galaxy is clipped', () => {
  if (!haveSharedGalaxies) console.warn(sharedGalaxiesMissingReason);
  const names = haveSharedGalaxies ? readdirSync(sharedGalaxiesDir).filter((n) => existsSync(path.join(sharedGalaxiesDir, n, 'manifest.json'))) : [];
  for (const name of names) {
    it(`${name} at its default view, seen whole, and from far outside`, () => {
      const manifest = JSON.parse(readFileSync(path.join(sharedGalaxiesDir, name, 'manifest.json'), 'utf8')) as { last: string };
      const bytes = readFileSync(path.join(sharedGalaxiesDir, name, manifest.last, 'positions.bin'));
      const { positions } = decodePositions(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), 1.75);
      const bounds = boundsOf(positions);
      const whole = wholeScenePose(bounds, 1024 / 700);
      const poses: CameraPose[] = [
        { position: [0, 0, 0], orientation: [0, 0, 0, 1] },
        whole,
        { position: [whole.position[0], whole.position[1], whole.position[2] * 3], orientation: [0, 0, 0, 1] },
        { position: [-whole.position[2], 0, 0], orientation: lookAtOrientation([-whole.position[2], 0, 0], bounds.center) },
      ];
      for (const pose of poses) expect(clippedStars(cameraAt(pose, positions), positions)).toBe(0);
      // Seen whole: every star projects inside the canvas.
      const camera = cameraAt(whole, positions);
      let outside = 0;
      for (let i = 0; i < positions.length; i += 3) {
        const p = camera.project(positions[i], positions[i + 1], positions[i + 2]);
        if (!p || p.x < 0 || p.y < 0 || p.x > 1024 || p.y > 700) outside++;
      }
      expect(outside).toBe(0);
    });
  }
});
