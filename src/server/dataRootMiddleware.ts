import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** Folders served as the data root, from GALAXY_DATA_DIR (path-delimited list) or the repo's data folder. */
export function dataDirsFromEnv(env: NodeJS.ProcessEnv, projectRoot: string): string[] {
  const raw = env.GALAXY_DATA_DIR?.trim();
  const dirs = raw ? raw.split(path.delimiter).filter(Boolean) : ['data'];
  return dirs.map((dir) => path.resolve(projectRoot, dir));
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

/**
 * Galaxies across all data folders, first folder first: each folder's own galaxies.json order where it
 * has one, else its sub-folders holding a manifest.json, sorted.
 */
export function listGalaxies(dirs: string[]): string[] {
  const names = new Set<string>();
  for (const dir of dirs) {
    for (const name of galaxiesOfFolder(dir)) names.add(name);
  }
  return [...names];
}

function galaxiesOfFolder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const indexFile = path.join(dir, 'galaxies.json');
  if (existsSync(indexFile)) {
    try {
      const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { galaxies?: unknown };
      if (Array.isArray(index.galaxies)) return index.galaxies.filter((name): name is string => typeof name === 'string');
    } catch {
      // An unreadable index is served as is below when it is the only folder; here the folder is listed instead.
    }
  }
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'manifest.json')))
    .map((entry) => entry.name)
    .sort();
}

type Next = (err?: unknown) => void;

/**
 * Serves the data root under `mountPath` from one or more folders (the first that holds a file wins).
 * With several folders, galaxies.json is their merged list; a folder without one is listed from disk,
 * so a plain folder of galaxies works as is.
 */
export function dataRootMiddleware(mountPath: string, dirs: string[]) {
  const prefix = mountPath.endsWith('/') ? mountPath : `${mountPath}/`;
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(prefix)) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname.slice(prefix.length));
    } catch {
      res.statusCode = 400;
      res.end('Bad path');
      return;
    }
    if (relative === 'galaxies.json' && dirs.length > 1) {
      res.setHeader('Content-Type', CONTENT_TYPES['.json']);
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify({ galaxies: listGalaxies(dirs) }));
      return;
    }
    for (const dir of dirs) {
      const file = path.resolve(dir, relative);
      if (!file.startsWith(dir + path.sep)) {
        res.statusCode = 403;
        res.end('Forbidden');
        return;
      }
      if (existsSync(file) && statSync(file).isFile()) {
        const size = statSync(file).size;
        res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.setHeader('Content-Length', String(size));
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Access-Control-Allow-Origin', '*');
        createReadStream(file).pipe(res);
        return;
      }
    }
    if (relative === 'galaxies.json') {
      res.setHeader('Content-Type', CONTENT_TYPES['.json']);
      res.end(JSON.stringify({ galaxies: listGalaxies(dirs) }));
      return;
    }
    res.statusCode = 404;
    res.end('Not found');
  };
}
