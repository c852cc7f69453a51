import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import {
  addressViewAtom,
  colourByCommunityAtom,
  manifestVersionAtom,
  maxVisibleDistanceAtom,
  saveCameraAtom,
  scaleAtom,
  showLinksAtom,
  showNamesAtom,
} from '../../../src/state/view/atoms';

describe('the view state (docs/rules.md#url)', () => {
  const settingsAtoms = [showLinksAtom, showNamesAtom, colourByCommunityAtom, maxVisibleDistanceAtom, scaleAtom, manifestVersionAtom];

  it('takes a camera save without computing again the atoms read from the rest of the view; the address sees both', () => {
    const store = createStore();
    const reads = settingsAtoms.map((settingAtom) => vi.spyOn(settingAtom, 'read'));
    // Mounted as the screen and the scene mount them.
    for (const settingAtom of settingsAtoms) store.sub(settingAtom, () => {});
    let viewChanges = 0;
    store.sub(addressViewAtom, () => viewChanges++);
    for (const read of reads) read.mockClear();
    for (let i = 1; i <= 5; i++) store.set(saveCameraAtom, { position: [i, 2, 3], orientation: [0, 0, 0, 1] });
    expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(viewChanges).toBe(5);
    expect(store.get(addressViewAtom).pos).toEqual({ x: 5, y: 2, z: 3 });
    // The same pose again changes nothing.
    store.set(saveCameraAtom, { position: [5, 2, 3], orientation: [0, 0, 0, 1] });
    expect(viewChanges).toBe(5);
    // A setting reaches its atom and the view, the camera kept.
    store.set(showLinksAtom, false);
    expect(store.get(showLinksAtom)).toBe(false);
    expect(store.get(addressViewAtom)).toMatchObject({ showLinks: false, pos: { x: 5, y: 2, z: 3 } });
    expect(viewChanges).toBe(6);
    // A whole view written (an address from outside) reaches both.
    store.set(addressViewAtom, { ...store.get(addressViewAtom), pos: { x: 7, y: 0, z: 0 }, scale: 3 });
    expect(store.get(scaleAtom)).toBe(3);
    expect(store.get(addressViewAtom).pos).toEqual({ x: 7, y: 0, z: 0 });
    for (const read of reads) read.mockRestore();
  });
});
