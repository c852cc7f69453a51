import { describe, expect, it } from 'vitest';
import { holdingsTitle } from '../../../src/routes/holdingsTitle';

const MB = 2 ** 20;

describe("the stats line's title over a tiled galaxy", () => {
  it('says what the galaxy holds against its holding budget, kind by kind', () => {
    const title = holdingsTitle({
      stars: { bytes: 9.4 * MB, cap: 9.6 * MB },
      names: { bytes: 1.2 * MB, cap: 64 * MB },
      outLinks: { bytes: 3.4 * MB, cap: 64 * MB },
      adjacency: { bytes: 0, cap: 32 * MB },
      total: { bytes: 4.6 * MB, cap: 128 * MB },
    });
    expect(title).toBe(
      'Holding about 9.4 MB for the drawn stars (of 9.6 MB); 1.2 MB of names, 3.4 MB of out-links and 0 bytes of neighbour lists (of 128 MB together, least recently used first out)',
    );
  });
});
