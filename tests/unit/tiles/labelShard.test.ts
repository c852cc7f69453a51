import { describe, expect, it } from 'vitest';
import { splitLabels } from '../../../src/data/labelIndex';
import { decodeLabelShard, encodeLabelShard, indexLabelShard } from '../../../src/tiles/format/labelShard';

const file = (text: string, count: number) => ({ shard: 3, firstStar: 100, count, bytes: new TextEncoder().encode(text) });

describe('a label shard read as one string of names', () => {
  const names = ['lodash', '', 'say "hi"', 'back\\slash', 'line\nbreak', 'мир', '日本語', '🚀 launch', '<b>markup</b>', 'tab\tend'];

  it('gives every name exactly, escaped ones included, in order', () => {
    const index = indexLabelShard(file(encodeLabelShard(names), names.length));
    expect(splitLabels(index)).toEqual(names);
    expect(decodeLabelShard(new TextEncoder().encode(encodeLabelShard(names)), 3, 100, names.length)).toEqual(names);
  });

  it('points into the shard\'s own text for names without escapes (no copy of each name)', () => {
    const text = encodeLabelShard(['react', 'vue']);
    const index = indexLabelShard(file(text, 2));
    expect(index.labelText).toBe(text);
    expect([...index.labelStarts]).toEqual([2, 10]);
  });

  it('names the shard when it is damaged, cut short, of another shape or another length', () => {
    expect(() => indexLabelShard(file('["a", "b"', 2))).toThrow(/labels shard 3 \(stars 100..101\) is not UTF-8 JSON/);
    expect(() => indexLabelShard({ ...file('', 1), bytes: Uint8Array.from([0x5b, 0x22, 0xff, 0x22, 0x5d]) })).toThrow(/not UTF-8 JSON/);
    expect(() => indexLabelShard(file('{"a": 1}', 1))).toThrow(/is not an array of names/);
    expect(() => indexLabelShard(file('["a", "b"]', 3))).toThrow(/holds 2 names, expected 3/);
  });
});
