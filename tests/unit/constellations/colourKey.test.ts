import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { keyCommand } from '../../../src/controls/keys';
import { addressViewAtom, colourByCommunityAtom, toggleColourByCommunityAtom } from '../../../src/state/view/atoms';
import { parseColourKey, parseViewQuery, writeViewQuery } from '../../../src/url/viewQuery';

const key = (code: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  code,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('colour by community: the C key and c= in the address (docs/rules.md#url)', () => {
  it('C toggles it, but not with ctrl or meta (copy stays copy); the legacy key code works too', () => {
    expect(keyCommand(key('KeyC'))).toBe('toggle-community-colours');
    expect(keyCommand(key('KeyC', { shiftKey: true }))).toBe('toggle-community-colours');
    expect(keyCommand(key('KeyC', { ctrlKey: true }))).toBeUndefined();
    expect(keyCommand(key('KeyC', { metaKey: true }))).toBeUndefined();
    expect(keyCommand({ ...key(''), keyCode: 67 })).toBe('toggle-community-colours');
  });

  it('reads c=1 and c=0; anything else, or none, is the default (on)', () => {
    expect(parseColourKey('1')).toBe(true);
    expect(parseColourKey('0')).toBe(false);
    for (const odd of [null, '', '2', 'yes', '01', ' 0', 'true']) expect(parseColourKey(odd)).toBeUndefined();
    expect(parseViewQuery('c=0').colourByCommunity).toBe(false);
    expect(parseViewQuery('cx=1&cy=2&cz=3&c=0').colourByCommunity).toBe(false);
    expect(parseViewQuery('cx=1&c=1').colourByCommunity).toBe(true);
    expect(parseViewQuery('cx=1&c=banana').colourByCommunity).toBeUndefined();
    expect(parseViewQuery('').colourByCommunity).toBeUndefined();
  });

  it('writes c only once chosen, and keeps it across a rewrite', () => {
    const view = parseViewQuery('cx=1');
    expect(new URLSearchParams(writeViewQuery(view)).has('c')).toBe(false);
    expect(new URLSearchParams(writeViewQuery({ ...view, colourByCommunity: false })).get('c')).toBe('0');
    expect(new URLSearchParams(writeViewQuery({ ...view, colourByCommunity: true })).get('c')).toBe('1');
    // The query kept from before is not written twice.
    expect(writeViewQuery({ ...view, colourByCommunity: false }, 'c=1&renderer=webgl2').match(/(^|&)c=/g)).toHaveLength(1);
    expect(parseViewQuery(writeViewQuery({ ...view, colourByCommunity: false })).colourByCommunity).toBe(false);
  });

  it('the toggle flips the view’s choice, starting from on', () => {
    const store = createStore();
    expect(store.get(colourByCommunityAtom)).toBe(true);
    store.set(toggleColourByCommunityAtom);
    expect(store.get(colourByCommunityAtom)).toBe(false);
    expect(store.get(addressViewAtom).colourByCommunity).toBe(false);
    store.set(toggleColourByCommunityAtom);
    expect(store.get(colourByCommunityAtom)).toBe(true);
  });
});
