import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { helpVisibleAtom, resetHelpAtom, toggleHelpAtom } from '../../../src/state/help/atoms';
import { poseOf, saveCameraAtom, showLinksAtom, toggleLinksAtom, addressViewAtom } from '../../../src/state/view/atoms';
import { hideWindowAtom, showDegreeWindowAtom, showSearchResultsAtom, windowsAtom } from '../../../src/state/windows/atoms';
import { parseViewQuery, writeViewQuery } from '../../../src/url/viewQuery';

describe('view atoms', () => {
  it('toggling links flips the flag the address writes as l', () => {
    const store = createStore();
    store.set(addressViewAtom, parseViewQuery('cx=1&l=1'));
    store.set(toggleLinksAtom);
    expect(store.get(showLinksAtom)).toBe(false);
    expect(new URLSearchParams(writeViewQuery(store.get(addressViewAtom))).get('l')).toBe('0');
    store.set(toggleLinksAtom);
    expect(store.get(showLinksAtom)).toBe(true);
  });

  it('saving the camera records position and orientation and keeps the rest of the view', () => {
    const store = createStore();
    store.set(addressViewAtom, parseViewQuery('l=0&ml=90&s=3&v=x'));
    store.set(saveCameraAtom, { position: [1.4, -2.6, 3], orientation: [0, 0.7071, 0, 0.7071] });
    const view = store.get(addressViewAtom);
    expect(poseOf(view)).toEqual({ position: [1.4, -2.6, 3], orientation: [0, 0.7071, 0, 0.7071] });
    expect(writeViewQuery(view)).toBe('cx=1&cy=-3&cz=3&lx=0.0000&ly=0.7071&lz=0.0000&lw=0.7071&ml=90&s=3&l=0&v=x');
  });

  it('saving an unchanged camera does not produce a new view (no address rewrite)', () => {
    const store = createStore();
    store.set(saveCameraAtom, { position: [1, 2, 3], orientation: [0, 0, 0, 1] });
    const before = store.get(addressViewAtom);
    store.set(saveCameraAtom, { position: [1, 2, 3], orientation: [0, 0, 0, 1] });
    expect(store.get(addressViewAtom)).toBe(before);
  });
});

describe('windows', () => {
  it('keeps one window per key and hides them by key', () => {
    const store = createStore();
    store.set(showDegreeWindowAtom, { starId: 1, direction: 'in' });
    store.set(showDegreeWindowAtom, { starId: 2, direction: 'out' });
    store.set(showSearchResultsAtom, { pattern: 'a', ids: Uint32Array.from([1, 2]) });
    expect(store.get(windowsAtom).degree).toEqual({ starId: 2, direction: 'out' });
    store.set(hideWindowAtom, 'search-results');
    expect(store.get(windowsAtom)['search-results']).toBeUndefined();
    expect(store.get(windowsAtom).degree).toBeDefined();
  });
});

describe('help', () => {
  it('toggles and resets to shown (no touch screen in Node)', () => {
    const store = createStore();
    expect(store.get(helpVisibleAtom)).toBe(true);
    store.set(toggleHelpAtom);
    expect(store.get(helpVisibleAtom)).toBe(false);
    store.set(resetHelpAtom);
    expect(store.get(helpVisibleAtom)).toBe(true);
  });
});
