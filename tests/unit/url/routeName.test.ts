import { describe, expect, it } from 'vitest';
import { decodeRouteName, undecodableNameMessage } from '../../../src/url/routeName';

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
});
