/**
 * npm run galaxies:npm — the `galaxy-npm` galaxy: this project's own npm dependency graph, from
 * its package-lock.json (every installed package linked to the packages it depends on).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rebuildBuiltIn } from './rebuildBuiltIn';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await rebuildBuiltIn({
  input: path.join(projectRoot, 'package-lock.json'),
  name: 'galaxy-npm',
  format: 'package-lock',
  version: new Date().toISOString().slice(0, 10),
  meta: {
    title: "Galaxy's own dependencies",
    description: 'The npm packages this viewer is built with, each linked to the packages it depends on.',
    kind: 'npm',
  },
});
