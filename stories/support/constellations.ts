import type { CommunitiesJson, CommunityLevelJson } from '../../src/communities/format';
import { Constellations, type ConstellationRef } from '../../src/constellations/constellations';
import { presentConstellation, type PresentedConstellation } from '../../src/constellations/presentConstellation';
import { constellationName } from '../../src/ecosystems/constellationName';

const TOP_STARS: readonly (readonly string[])[] = [
  ['react', 'react-dom'],
  ['lodash', 'underscore'],
  ['grunt', 'grunt-contrib-jshint'],
  ['aws-sdk', '@aws-sdk/client-s3'],
  ['express', 'body-parser'],
  ['vue', 'vuex'],
  ['@angular/core', '@angular/common'],
  ['webpack', 'webpack-cli'],
  ['eslint', 'eslint-plugin-import'],
  ['typescript', '@types/node'],
  ['gulp', 'gulp-util'],
  ['mocha', 'chai'],
];

function level(names: readonly (readonly string[])[], sizes: readonly number[], parent?: number[]): CommunityLevelJson {
  return {
    count: sizes.length,
    resolution: 1,
    modularity: 0.5,
    unlinked: null,
    ...(parent ? { parent } : {}),
    size: [...sizes],
    centre: sizes.flatMap((_, c) => [c * 100, 0, 0]),
    name: names.map((top, c) => constellationName('npm', top, sizes[c])),
    top: sizes.map(() => []),
  };
}

/** An npm-like galaxy's constellations: a top level of 12 and a finer level under its first. */
export function npmLikeConstellations(): Constellations {
  const topSizes = [13984, 11099, 9021, 7650, 6012, 5120, 4410, 3871, 2950, 2204, 1580, 990];
  const finest = level(
    [['react-dom', 'scheduler'], ['react-router', 'history'], ...TOP_STARS.slice(1)],
    [8000, 5984, ...topSizes.slice(1)],
    [0, 0, ...topSizes.slice(1).map((_, c) => c + 1)],
  );
  const file: CommunitiesJson = { format: 1, stars: topSizes.reduce((a, b) => a + b, 0), seed: 1, levels: [finest, level(TOP_STARS, topSizes)] };
  return new Constellations(file);
}

/** The top level's constellations, biggest first, as the panel lists them. */
export function topConstellations(count: number): PresentedConstellation[] {
  const constellations = npmLikeConstellations();
  return Array.from({ length: count }, (_, id) => presentConstellation(constellations, 'npm', { level: 1, id }));
}

/** A constellation named after stars with very long names (plain text, whatever they hold). */
export function longNamedConstellations(): PresentedConstellation[] {
  const names = [
    ['@an-organisation-with-a-long-name/and-a-package-with-an-even-longer-name', '@another-organisation/yet-another-very-long-package-name'],
    ['<img src=x onerror=alert(1)>', '<b>bold</b>'],
    ['short', 'names'],
  ];
  const sizes = [123456, 2345, 12];
  const file: CommunitiesJson = { format: 1, stars: 125813, seed: 1, levels: [level(names, sizes)] };
  const constellations = new Constellations(file);
  return sizes.map((_, id) => presentConstellation(constellations, 'npm', { level: 0, id } satisfies ConstellationRef));
}
