import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
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

/** Names of galaxies (sub-folders holding a manifest.json) across all data folders, first folder first. */
export function listGalaxies(dirs: string[]): string[] {
  const names = new Set<string>();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(path.join(dir, entry.name, 'manifest.json'))) names.add(entry.name);
    }
  }
  return [...names].sort();
}

type Next = (err?: unknown) => void;

/**
 * Serves the data root under `mountPath` from one or more folders (the first that holds a file wins).
 * A folder without galaxies.json gets one listing its galaxies, so a plain folder of galaxies works as is.
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
