import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { climbsOutOfRoot, fileInsideRoot } from './fileInsideRoot.ts';
import { acceptReadOnly } from './readOnlyMethods.ts';
import { sendFile, sendStatus } from './sendFile.ts';

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

function sendJson(req: IncomingMessage, res: ServerResponse, body: string, headers: Record<string, string> = {}): void {
  res.setHeader('Content-Type', CONTENT_TYPES['.json']);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Serves the data root under `mountPath` from one or more folders (the first that holds a file wins).
 * With several folders, galaxies.json is their merged list; a folder without one is listed from disk,
 * so a plain folder of galaxies works as is. Read-only: GET and HEAD, nothing whose real path (links
 * resolved) is outside the folders, and no client or stream error can throw out of it.
 */
export function dataRootMiddleware(mountPath: string, dirs: string[]) {
  const prefix = mountPath.endsWith('/') ? mountPath : `${mountPath}/`;
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return next();
    }
    if (!url.pathname.startsWith(prefix)) return next();
    if (!acceptReadOnly(req, res)) return;
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname.slice(prefix.length));
    } catch {
      sendStatus(res, 400, 'Bad path');
      return;
    }
    serveData(req, res, relative, dirs).catch(() => sendStatus(res, 500, 'Cannot read the file'));
  };
}

async function serveData(req: IncomingMessage, res: ServerResponse, relative: string, dirs: string[]): Promise<void> {
  if (relative === 'galaxies.json' && dirs.length > 1) {
    sendJson(req, res, JSON.stringify({ galaxies: listGalaxies(dirs) }), { 'Cache-Control': 'no-cache' });
    return;
  }
  if (climbsOutOfRoot(relative)) {
    sendStatus(res, 403, 'Forbidden');
    return;
  }
  const headers = {
    'Content-Type': CONTENT_TYPES[path.extname(relative)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
  for (const dir of dirs) {
    const file = await fileInsideRoot(dir, relative);
    if (file && (await sendFile(req, res, file, headers))) return;
  }
  if (relative === 'galaxies.json') {
    sendJson(req, res, JSON.stringify({ galaxies: listGalaxies(dirs) }));
    return;
  }
  sendStatus(res, 404, 'Not found');
}
