import type { SeededRandom } from './random';

const SYLLABLES = [
  'ba', 'be', 'bo', 'ca', 'ce', 'co', 'da', 'de', 'di', 'do', 'fa', 'fi', 'ga', 'go', 'ja', 'ka',
  'ki', 'ko', 'la', 'le', 'li', 'lo', 'ma', 'me', 'mi', 'mo', 'na', 'ne', 'ni', 'no', 'pa', 'pe',
  'po', 'ra', 're', 'ri', 'ro', 'sa', 'se', 'si', 'so', 'ta', 'te', 'ti', 'to', 'va', 'vi', 'zo',
];
const WORDS = [
  'node', 'react', 'vue', 'gulp', 'grunt', 'babel', 'plugin', 'loader', 'cli', 'utils', 'core', 'parser',
  'stream', 'http', 'json', 'config', 'test', 'lint', 'server', 'client', 'async', 'promise', 'fs', 'path',
  'webpack', 'redux', 'mock', 'type', 'cache', 'color', 'string', 'array', 'event', 'log', 'api', 'db',
];
const SCOPES = ['types', 'babel', 'angular', 'aws', 'org', 'acme', 'dev', 'kit'];
const ACCENTED = ['café', 'über', 'naïve', 'señal', 'ångström'];

/** The syllables of `id` in base 48: unique per id, short for small ids (the hubs). */
function coreName(id: number): string {
  let name = '';
  // Counting from 48 * 48 gives every name at least three syllables.
  let rest = id + SYLLABLES.length * SYLLABLES.length;
  do {
    name += SYLLABLES[rest % SYLLABLES.length];
    rest = Math.floor(rest / SYLLABLES.length);
  } while (rest > 0);
  return name;
}

/**
 * A package-like star name (`react-lomo`, `@types/kabe`, `debane.js`): lengths and characters like
 * the published galaxies', with a few accented letters and, rarely, a quote that JSON must escape.
 */
export function starName(id: number, random: SeededRandom): string {
  let name = coreName(id);
  const roll = random.next();
  if (roll < 0.45) name = `${WORDS[random.below(WORDS.length)]}-${name}`;
  else if (roll < 0.65) name = `${name}-${WORDS[random.below(WORDS.length)]}`;
  else if (roll < 0.7) name = `${name}.js`;
  else if (roll < 0.73) name = `${name}${random.below(10)}`;
  if (random.next() < 0.08) name = `@${SCOPES[random.below(SCOPES.length)]}/${name}`;
  if (random.next() < 0.03) name = name[0].toUpperCase() + name.slice(1);
  if (random.next() < 0.005) name = `${name}-${ACCENTED[random.below(ACCENTED.length)]}`;
  if (random.next() < 0.00002) name = `${name}"quoted"`;
  return name;
}
