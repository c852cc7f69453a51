import { describe, expect, it } from 'vitest';
import { parseFpsKey } from '../../../src/url/fpsKey';

describe('fps= in the galaxy address', () => {
  it('reads the frames a second the star budget aims at', () => {
    expect(parseFpsKey('fps=5')).toBe(5);
    expect(parseFpsKey('?cx=1&fps=144')).toBe(144);
    expect(parseFpsKey('fps=2.5')).toBe(2.5);
  });

  it('gives 60 when missing, unreadable or odd', () => {
    for (const query of ['', 'fps=', 'fps=fast', 'fps=0', 'fps=-5', 'fps=1000', 'fps=Infinity', 'fps=1e3']) expect(parseFpsKey(query), query).toBe(60);
  });
});
