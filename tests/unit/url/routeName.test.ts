import { describe, expect, it } from 'vitest';
import { decodeRouteName, galaxyNameOf, undecodableNameMessage } from '../../../src/url/routeName';

describe('galaxy names in the address', () => {
  it('decodes percent-escapes', () => {
    expect(decodeRouteName('npm')).toBe('npm');
    expect(decodeRouteName('%3Cb%3Ex')).toBe('<b>x');
    expect(decodeRouteName('%E0%A4%A4')).toBe('त');
  });

  it('names no galaxy when an escape is malformed, instead of throwing', () => {
    expect(decodeRouteName('%E0%A4%A')).toBeUndefined();
    expect(decodeRouteName('%')).toBeUndefined();
    expect(undecodableNameMessage('%E0%A4%A')).toBe('The address names no galaxy: "%E0%A4%A" is not a valid percent-encoded name');
  });

  it('finds the galaxy of a hash path (the router matches the same GALAXY_ROUTE)', () => {
    expect(galaxyNameOf('/galaxy/npm')).toBe('npm');
    expect(galaxyNameOf('/galaxy/local%3Amy-graph/')).toBe('local:my-graph');
    expect(galaxyNameOf('/Galaxy/npm')).toBe('npm');
    for (const other of ['/', '/galaxy', '/galaxy/', '/galaxy/npm/extra', '/galaxies/npm', '/galaxy/%E0%A4%A']) expect(galaxyNameOf(other)).toBeUndefined();
  });
});
