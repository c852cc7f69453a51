import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readSharedGalaxy } from './readSharedGalaxy';
import { sharedGalaxiesDir } from './sharedGalaxies';

/** A published galaxy written out as a CSV edge list of names, the kind of file a visitor drops on Home. */
export function sharedEdgeListCsv(name: string): string {
  const graph = readSharedGalaxy(name);
  const labels = JSON.parse(readFileSync(path.join(sharedGalaxiesDir, name, graph.version, 'labels.json'), 'utf8')) as string[];
  const lines = ['source,target'];
  for (let k = 0; k < graph.sources.length; k++) lines.push(`${labels[graph.sources[k]]},${labels[graph.targets[k]]}`);
  return `${lines.join('\n')}\n`;
}
