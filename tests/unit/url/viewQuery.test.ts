import { describe, expect, it } from 'vitest';
import {
  defaultAddressView,
  hasCameraKeys,
  parseViewQuery,
  rewriteAddress,
  splitHash,
  writeViewQuery,
} from '../../../src/url/viewQuery';

describe('parseViewQuery', () => {
  it('gives the defaults when the address has no view keys (docs/rules.md#url)', () => {
    for (const query of ['', '?', '_k=abc123', 'renderer=webgl2']) {
      const view = parseViewQuery(query);
      expect(view).toEqual(defaultAddressView());
      expect(view.showLinks).toBe(true);
      expect(view.maxVisibleDistance).toBe(150);
      expect(view.scale).toBe(1.75);
      expect(view.lookAt.w).toBe(1);
    }
  });

  it('reads numbers as floating point', () => {
    const view = parseViewQuery('?cx=12.5&cy=-3&cz=1e3&lx=0.1&ly=-0.2&lz=0.3&lw=0.9&ml=200&s=2.5&l=1&v=2020-01-01');
    expect(view.pos).toEqual({ x: 12.5, y: -3, z: 1000 });
    expect(view.lookAt).toEqual({ x: 0.1, y: -0.2, z: 0.3, w: 0.9 });
    expect(view.maxVisibleDistance).toBe(200);
    expect(view.scale).toBe(2.5);
    expect(view.showLinks).toBe(true);
    expect(view.manifestVersion).toBe('2020-01-01');
  });

  it('falls back to 0 for coordinates, 1 for lw and the defaults for ml and s when values are missing or not numbers', () => {
    const view = parseViewQuery('cx=abc&cy=&lw=x&ml=far&s=&l=1');
    expect(view.pos).toEqual({ x: 0, y: 0, z: 0 });
    expect(view.lookAt).toEqual({ x: 0, y: 0, z: 0, w: 1 });
    expect(view.maxVisibleDistance).toBe(150);
    expect(view.scale).toBe(1.75);
  });

  it('shows links only when l equals 1 once the address carries a view', () => {
    expect(parseViewQuery('cx=1&l=1').showLinks).toBe(true);
    expect(parseViewQuery('cx=1&l=0').showLinks).toBe(false);
    expect(parseViewQuery('cx=1&l=true').showLinks).toBe(false);
    expect(parseViewQuery('cx=1').showLinks).toBe(false);
  });

  it('treats v=0 or a missing v as no saved version', () => {
    expect(parseViewQuery('l=1&v=0').manifestVersion).toBeUndefined();
    expect(parseViewQuery('l=1').manifestVersion).toBeUndefined();
  });

  it('tells whether the address positions the camera', () => {
    expect(hasCameraKeys('l=1')).toBe(false);
    expect(hasCameraKeys('l=1&cz=5')).toBe(true);
  });
});

describe('writeViewQuery', () => {
  it('rounds the camera position to integers and the orientation to 4 decimals', () => {
    const query = writeViewQuery({
      pos: { x: 10.6, y: -2.4, z: -0.2 },
      lookAt: { x: 0.123456, y: -0.5, z: 0, w: 0.99999 },
      showLinks: false,
      maxVisibleDistance: 150,
      scale: 1.75,
      manifestVersion: '2015-09-21T01-00-00Z',
    });
    expect(query).toBe('cx=11&cy=-2&cz=0&lx=0.1235&ly=-0.5000&lz=0.0000&lw=1.0000&ml=150&s=1.75&l=0&v=2015-09-21T01-00-00Z');
  });

  it('round-trips through parseViewQuery to the same address', () => {
    const view = parseViewQuery('cx=100&cy=-200&cz=300&lx=0.1000&ly=0.2000&lz=0.3000&lw=0.9000&ml=90&s=3&l=1&v=abc');
    expect(parseViewQuery(writeViewQuery(view))).toEqual(view);
  });

  it('keeps foreign keys and drops the router history key', () => {
    const query = writeViewQuery(defaultAddressView(), 'cx=5&_k=zz1&debug=yes');
    const params = new URLSearchParams(query);
    expect(params.get('cx')).toBe('0');
    expect(params.get('debug')).toBe('yes');
    expect(params.has('_k')).toBe(false);
  });
});

describe('addresses', () => {
  it('splits a hash into route path and query', () => {
    expect(splitHash('#/galaxy/npm?cx=1&l=1')).toEqual({ path: '/galaxy/npm', query: 'cx=1&l=1' });
    expect(splitHash('#/galaxy/npm')).toEqual({ path: '/galaxy/npm', query: '' });
    expect(splitHash('')).toEqual({ path: '/', query: '' });
  });

  it('rewrites only the hash query and leaves the page query before the hash untouched', () => {
    const next = rewriteAddress('http://host/app/?renderer=webgl2#/galaxy/elm?cx=1', '/galaxy/elm', 'cx=2&l=1');
    expect(next).toBe('http://host/app/?renderer=webgl2#/galaxy/elm?cx=2&l=1');
  });
});
