import { describe, expect, it, vi } from 'vitest';
import { Graph, type GraphData } from '../../../src/data/graph';
import type { StreamedGalaxy } from '../../../src/data/streamedGalaxy';
import { GalaxyScene } from '../../../src/scene/galaxyScene';
import { ShownGalaxies, type OpenGalaxy } from '../../../src/stars/shownGalaxy';
import { WholeGalaxyStars } from '../../../src/stars/wholeGalaxyStars';
import { recordingRenderer } from '../../support/recordingRenderer';


/** Three stars; 0 -> 1 and 2 -> 1, each 100 long: star 1 has in-degree 2, the others none. */
const positions = new Float32Array([0, 0, -500, 0, 0, -600, 0, 0, -700]);
const adjacency = {
  outOffsets: new Uint32Array([0, 1, 1, 2]),
  outTargets: new Uint32Array([1, 1]),
  inOffsets: new Uint32Array([0, 0, 2, 2]),
  inTargets: new Uint32Array([0, 2]),
  edgeCount: 2,
};

function streamed(part: Partial<StreamedGalaxy> = {}): StreamedGalaxy {
  return { name: 'test', version: '1', starCount: 3, positions, waitingFor: ['links', 'labels'], ...part };
}

function wholeGraph(): Graph {
  const data: GraphData = {
    name: 'test',
    version: '1',
    nodeCount: 3,
    positions,
    ...adjacency,
    labelText: 'abc',
    labelStarts: new Uint32Array([0, 1, 2]),
    labelEnds: new Uint32Array([1, 2, 3]),
    warnings: [],
  };
  return new Graph(data);
}

function scene() {
  vi.spyOn(console, 'warn').mockImplementation(() => {}); // no Worker in Node: picking scans every star
  const galaxy = new GalaxyScene();
  const { renderer, calls } = recordingRenderer('webgl2', { left: 0, top: 0 });
  galaxy.attachRenderer(renderer);
  galaxy.setLinkSettings({ showLinks: true, maxVisibleDistance: 150, scale: 1.75 });
  galaxy.resize(400, 300, 400, 300);
  const shown = new ShownGalaxies();
  /** Shows what is open, as the scene sync does. */
  const open = (what: OpenGalaxy) => galaxy.show(shown.of(what));
  /** The renderer is given slots: where each star sits (the same sort every time). */
  const sorted = new WholeGalaxyStars(positions);
  const slots = (...stars: number[]) => stars.map((star) => sorted.slotOfStar(star));
  return { galaxy, calls, open, slots };
}

describe('GalaxyScene while a galaxy streams', () => {
  it('draws the stars from positions alone at the star default size, with no links', () => {
    const { galaxy, calls, open } = scene();
    open({ streamed: streamed() });
    expect(calls.stars.at(-1)).toBe(3);
    expect(galaxy.starCounts).toEqual({ drawn: 3, total: 3 });
    expect(calls.sizes).toEqual([]);
    expect(calls.links.at(-1)).toBeUndefined();
    expect(galaxy.projectToClient(2)).toBeDefined();
    expect(galaxy.starPosition(2)).toBeUndefined(); // a star of the whole graph only
    open({ graph: wholeGraph() });
    expect(galaxy.starPosition(2)).toEqual([0, 0, -700]);
  });

  it('sizes stars by the node size rule and draws links once links arrive, without uploading the stars again', () => {
    const { galaxy, calls, open, slots } = scene();
    open({ streamed: streamed() });
    const uploads = calls.stars.length;
    open({ streamed: streamed({ adjacency, waitingFor: ['labels'] }) });
    expect(calls.stars.length).toBe(uploads);
    // 200/2*2+15 for the star with both in-links, 30 for stars nothing links to.
    const sized = calls.updates.at(-1)!;
    expect(sized.count).toBe(3);
    expect(slots(0, 1, 2).map((slot) => sized.sizes[slot - sized.start])).toEqual([30, 215, 30]);
    expect(calls.links.at(-1)).toEqual(slots(0, 1, 2, 1));
  });

  it('keeps the uploaded stars, a hovered star and its enlargement when the whole graph replaces the streamed parts', () => {
    const { galaxy, calls, open, slots } = scene();
    open({ streamed: streamed() });
    galaxy.setHovered(1);
    const [slot] = slots(1);
    expect(calls.sizes.at(-1)).toEqual({ start: slot, count: 1, values: [22.5] });
    const uploads = calls.stars.length;
    open({ graph: wholeGraph() });
    expect(calls.stars.length).toBe(uploads);
    const sized = calls.updates.at(-1)!;
    expect(sized.sizes[slot - sized.start]).toBe(322.5);
    expect(sized.colors.slice((slot - sized.start) * 4, (slot - sized.start) * 4 + 4)).toEqual([255, 0, 0, 255]);
    expect(galaxy.findStar('c')).toBe(2);
  });

  it('starts over when the next galaxy streams in', () => {
    const { galaxy, calls, open } = scene();
    open({ graph: wholeGraph() });
    open({});
    expect(calls.stars.at(-1)).toBe(0);
    open({ streamed: streamed({ positions: new Float32Array([1, 2, 3]), starCount: 1 }) });
    expect(calls.stars.at(-1)).toBe(1);
    expect(galaxy.findStar('a')).toBe(-1);
  });
});
