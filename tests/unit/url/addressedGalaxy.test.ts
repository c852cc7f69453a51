import { describe, expect, it } from 'vitest';
import { addressedGalaxy } from '../../../src/url/addressedGalaxy';

describe('the galaxy a page address opens, for its first requests', () => {
  it('names the galaxy of the galaxy route, its v= version and whether tiles may stream', () => {
    expect(addressedGalaxy('http://viewer.example/#/galaxy/npm')).toEqual({ name: 'npm', version: undefined, tiles: true });
    expect(addressedGalaxy('http://viewer.example/?renderer=webgl2&tiles=0#/galaxy/npm/')).toEqual({ name: 'npm', version: undefined, tiles: false });
    expect(addressedGalaxy('http://viewer.example/#/galaxy/npm?cx=1&cy=2&cz=3&v=2015-09-21')).toMatchObject({ name: 'npm', version: '2015-09-21' });
    expect(addressedGalaxy('http://viewer.example/#/galaxy/my%20graph?v=0&l=1')).toMatchObject({ name: 'my graph', version: undefined });
  });

  it('names none off the galaxy route, for a galaxy kept in this browser, or for an undecodable name', () => {
    expect(addressedGalaxy('http://viewer.example/')).toBeUndefined();
    expect(addressedGalaxy('http://viewer.example/#/')).toBeUndefined();
    expect(addressedGalaxy('http://viewer.example/#/galaxy/local:karate')).toBeUndefined();
    expect(addressedGalaxy('http://viewer.example/#/galaxy/%E0%A4%A')).toBeUndefined();
    expect(addressedGalaxy('not an address')).toBeUndefined();
  });
});
