import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { Constellations, type ConstellationRef } from '../../../src/constellations/constellations';
import { constellationsAtom, highlightedConstellationAtom } from '../../../src/state/constellations/atoms';
import { startSceneSync, type ShowingScene } from '../../../src/state/view/sceneSync';
import { toggleColourByCommunityAtom } from '../../../src/state/view/atoms';
import { communitiesFile } from '../../support/communityFixtures';

function standInScene() {
  const colours: Array<{ constellations: Constellations | undefined; on: boolean }> = [];
  const highlights: Array<ConstellationRef | undefined> = [];
  const scene: ShowingScene = {
    show: () => {},
    setLinkSettings: () => {},
    getCamera: () => ({ position: [0, 0, 0], orientation: [0, 0, 0, 1] }),
    setConstellationColours: (constellations, on) => colours.push({ constellations, on }),
    highlightConstellation: (constellation) => highlights.push(constellation),
  };
  return { scene, colours, highlights };
}

describe('the scene sync tells the scene the constellations, their colours and the highlighted one', () => {
  it('follows the constellations, C and the highlighted constellation', () => {
    const store = createStore();
    const { scene, colours, highlights } = standInScene();
    const stop = startSceneSync(store, scene);
    expect(colours.at(-1)).toEqual({ constellations: undefined, on: true });
    const constellations = new Constellations(communitiesFile());
    store.set(constellationsAtom, constellations);
    expect(colours.at(-1)).toEqual({ constellations, on: true });
    store.set(toggleColourByCommunityAtom);
    expect(colours.at(-1)).toEqual({ constellations, on: false });
    store.set(highlightedConstellationAtom, { level: 1, id: 0 });
    expect(highlights.at(-1)).toEqual({ level: 1, id: 0 });
    store.set(highlightedConstellationAtom, undefined);
    expect(highlights.at(-1)).toBeUndefined();
    stop();
    const told = colours.length;
    store.set(constellationsAtom, undefined);
    expect(colours).toHaveLength(told);
  });
});
