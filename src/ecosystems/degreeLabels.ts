import { ecosystemFamily } from './kind';

export type Direction = 'in' | 'out';

/** A degree is a count, or '?' while the graph is not loaded yet (docs/rules.md#ecosystems). */
export type DegreeValue = number | '?';

interface LabelPair {
  one: string;
  many: string;
}

const LABELS: Record<'package' | 'github' | 'other', Record<Direction, LabelPair>> = {
  package: {
    in: { one: 'dependent', many: 'dependents' },
    out: { one: 'dependency', many: 'dependencies' },
  },
  github: {
    in: { one: 'follower', many: 'followers' },
    out: { one: 'following', many: 'following' },
  },
  other: {
    in: { one: 'in-degree', many: 'in-degree' },
    out: { one: 'out-degree', many: 'out-degree' },
  },
};

/** docs/rules.md#ecosystems: the label shown next to a degree figure, singular for exactly one. */
export function degreeLabel(kind: string, direction: Direction, count: DegreeValue): string {
  const pair = LABELS[ecosystemFamily(kind)][direction];
  return count === 1 ? pair.one : pair.many;
}

/** The degree kind named in a degree window's title ('indegree'/'outdegree' outside packages and github). */
export function degreeKindName(kind: string, direction: Direction, count: DegreeValue): string {
  const family = ecosystemFamily(kind);
  if (family === 'other') return direction === 'in' ? 'indegree' : 'outdegree';
  return degreeLabel(kind, direction, count);
}
