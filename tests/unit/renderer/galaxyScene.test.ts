import { describe, expect, it, vi } from 'vitest';
import { Graph, type GraphData } from '../../../src/data/graph';
import { GalaxyScene } from '../../../src/scene/galaxyScene';
import { ShownGalaxies } from '../../../src/stars/shownGalaxy';
import type { PlannerCamera } from '../../../src/tiles/planner/importance';
import { recordingRenderer } from '../../support/recordingRenderer';


/** Three stars on the -Z axis; 0 -> 1 is 100 long, 1 -> 2 and 2 -> 1 are 1000 long; star 1 has two in-links. */
function smallGraph(): Graph {
  const data: GraphData = {
    name: 'test',
    version: '1',
    nodeCount: 3,
    edgeCount: 3,
    positions: new Float32Array([0, 0, -500, 0, 0, -600, 0, 0, -1600]),
    outOffsets: new Uint32Array([0, 1, 2, 3]),
    outTargets: new Uint32Array([1, 2, 1]),
    inOffsets: new Uint32Array([0, 0, 2, 3]),
    inTargets: new Uint32Array([0, 2, 1]),
    labelText: 'abc',
    labelStarts: new Uint32Array([0, 1, 2]),
    labelEnds: new Uint32Array([1, 2, 3]),
    warnings: [],
  };
  return new Graph(data);
}

function sceneWith(graph = smallGraph()) {
  vi.spyOn(console, 'warn').mockImplementation(() => {}); // no Worker in Node: picking scans every star
  const scene = new GalaxyScene();
  const { renderer, calls } = recordingRenderer();
  scene.attachRenderer(renderer);
  const shown = new ShownGalaxies().of({ graph });
  scene.show(shown);
  scene.resize(400, 300, 400, 300);
  /** The renderer is given slots: where each star sits. */
  const slots = (...stars: number[]) => stars.map((star) => shown.stars!.slotOfStar(star));
  return { scene, calls, renderer, slots, stars: shown.stars! };
}

describe('GalaxyScene', () => {
  it('recolours and enlarges only the hovered star, and restores it after', () => {
    const { scene, calls, slots } = sceneWith();
    const [slot] = slots(1);
    calls.colors.length = 0;
    calls.sizes.length = 0;
    scene.setHovered(1);
    // Star 1: in-degree 2 of max 2 -> size 215; hovered 1.5x.
    expect(calls.colors).toEqual([{ start: slot, count: 1, bytes: [255, 0, 0, 255] }]);
    expect(calls.sizes).toEqual([{ start: slot, count: 1, values: [322.5] }]);
    scene.setHovered(undefined);
    expect(calls.colors.at(-1)).toEqual({ start: slot, count: 1, bytes: [255, 255, 255, 255] });
    expect(calls.sizes.at(-1)).toEqual({ start: slot, count: 1, values: [215] });
  });

  it('sizes stars by in-degree, 30 when nothing links to them', () => {
    const { scene, calls, slots } = sceneWith();
    scene.setHovered(0);
    expect(calls.sizes.at(-1)).toEqual({ start: slots(0)[0], count: 1, values: [45] });
  });

  it('keeps a highlight under a hover and clears it on request', () => {
    const { scene, calls, slots } = sceneWith();
    const [slot] = slots(2);
    scene.setHighlighted([2], 0x00ff00ff);
    expect(calls.colors.at(-1)).toEqual({ start: slot, count: 1, bytes: [0, 255, 0, 255] });
    scene.setHovered(2);
    expect(calls.colors.at(-1)?.bytes).toEqual([255, 0, 0, 255]);
    scene.setHovered(undefined);
    expect(calls.colors.at(-1)?.bytes).toEqual([0, 255, 0, 255]);
    scene.clearHighlighted();
    expect(calls.colors.at(-1)).toEqual({ start: slot, count: 1, bytes: [255, 255, 255, 255] });
  });

  it('writes a highlight of many stars as a few ranges, not one write per star', () => {
    const count = 5000;
    const positions = Float32Array.from({ length: count * 3 }, (_, k) => ((k * 7919) % 2000) - 1000);
    const labels = Array.from({ length: count }, (_, i) => `s${i}`);
    const graph = new Graph({
      name: 'many', version: '1', nodeCount: count, edgeCount: 0, positions,
      outOffsets: new Uint32Array(count + 1), outTargets: new Uint32Array(0), inOffsets: new Uint32Array(count + 1), inTargets: new Uint32Array(0),
      labelText: labels.join(''), labelStarts: Uint32Array.from(labels, (_, i) => labels.slice(0, i).join('').length),
      labelEnds: Uint32Array.from(labels, (_, i) => labels.slice(0, i + 1).join('').length), warnings: [],
    });
    const { scene, calls, slots } = sceneWith(graph);
    calls.colors.length = 0;
    calls.sizes.length = 0;
    const every = Array.from({ length: count }, (_, i) => i);
    scene.setHighlighted(every, 0x00ff00ff);
    expect(calls.colors.length).toBeLessThanOrEqual(2);
    expect(calls.colors.reduce((sum, write) => sum + write.count, 0)).toBe(count);
    const [slot] = slots(1234);
    const write = calls.colors.find((w) => w.start <= slot && slot < w.start + w.count)!;
    expect(write.bytes.slice((slot - write.start) * 4, (slot - write.start) * 4 + 4)).toEqual([0, 255, 0, 255]);
    calls.colors.length = 0;
    scene.clearHighlighted();
    expect(calls.colors.length).toBeLessThanOrEqual(2);
  });

  it('draws links only when shown, omitting those longer than ml² × s, and regenerates on change', () => {
    const { scene, calls, slots } = sceneWith();
    scene.setLinkSettings({ showLinks: true, maxVisibleDistance: 150, scale: 1.75 });
    expect(calls.links.at(-1)).toEqual(slots(0, 1));
    scene.setLinkSettings({ showLinks: true, maxVisibleDistance: 800, scale: 1.75 });
    expect(calls.links.at(-1)).toEqual(slots(0, 1, 1, 2, 2, 1));
    scene.setLinkSettings({ showLinks: false, maxVisibleDistance: 800, scale: 1.75 });
    expect(calls.links.at(-1)).toBeUndefined();
  });

  it('picks the star under a client point, and none beside it', () => {
    const { scene } = sceneWith();
    scene.setCamera({ position: [0, 0, 0], orientation: [0, 0, 0, 1] });
    // The canvas sits at (10, 20) and is 400 x 300: its centre looks straight down -Z at star 0.
    expect(scene.pick(210, 170)).toBe(0);
    expect(scene.projectToClient(0)).toEqual({ x: 210, y: 170 });
    expect(scene.pick(10, 20)).toBeUndefined();
  });

  it('hands a new renderer the stars and links and keeps the camera (a lost device)', () => {
    const { scene, renderer, slots } = sceneWith();
    scene.setLinkSettings({ showLinks: true, maxVisibleDistance: 150, scale: 1.75 });
    const pose = { position: [5, 6, 7] as [number, number, number], orientation: [0, 0, 0, 1] as [number, number, number, number] };
    scene.setCamera(pose);
    scene.detachRenderer();
    renderer.dispose();
    const next = recordingRenderer('webgpu');
    scene.attachRenderer(next.renderer);
    expect(next.calls.stars).toEqual([3]);
    expect(next.calls.links).toEqual([slots(0, 1)]);
    expect(scene.getCamera()).toEqual(pose);
    expect(scene.backend).toBe('webgpu');
    expect(next.renderer.canvas.dataset.backend).toBe('webgpu');
  });

  it('tells camera listeners about a change, not about the same pose again; they read the pose, a move builds none for them', () => {
    const { scene } = sceneWith();
    const seen: unknown[] = [];
    scene.onCameraChange((...args: unknown[]) => seen.push(args.length === 0 ? scene.getCamera() : args));
    scene.setCamera({ position: [1, 2, 3], orientation: [0, 0, 0, 1] });
    scene.setCamera({ position: [1, 2, 3], orientation: [0, 0, 0, 1] });
    expect(seen).toEqual([{ position: [1, 2, 3], orientation: [0, 0, 0, 1] }]);
  });

  it('hands its stars one planner camera that each move rewrites with the new view', () => {
    const { scene, stars } = sceneWith();
    const handed: PlannerCamera[] = [];
    const setCamera = stars.setCamera.bind(stars);
    stars.setCamera = (camera) => {
      handed.push(camera);
      setCamera(camera);
    };
    scene.setCamera({ position: [1, 2, 3], orientation: [0, 0, 0, 1] });
    scene.setCamera({ position: [4, 5, 6], orientation: [0, 0, 0, 1] });
    expect(handed).toHaveLength(2);
    expect(handed[1]).toBe(handed[0]);
    expect(handed[1].position).toEqual([4, 5, 6]);
  });
});
