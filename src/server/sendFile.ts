import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';

const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG']);

/** Ends a response with a short plain-text status, unless headers are already out (then drops it). */
export function sendStatus(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(`${text}\n`);
}

/**
 * Sends one file (already checked to lie inside the root) with `headers`; HEAD gets the headers only.
 * Resolves false when the file is not there or not a regular file, so the caller can answer 404.
 * The file is opened once and closed whatever happens: a client that disconnects mid-body, a read
 * error or a failed open (EMFILE) never leaves a descriptor behind nor throws.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  headers: Record<string, string>,
): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NOT_FOUND_CODES.has(code)) return false;
    if (code === 'EACCES' || code === 'EPERM') sendStatus(res, 403, 'Forbidden');
    else if (code === 'EMFILE' || code === 'ENFILE') sendStatus(res, 503, 'Busy, try again');
    else sendStatus(res, 500, 'Cannot read the file');
    return true;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return false;
    }
    if (req.destroyed || res.destroyed) {
      await handle.close();
      return true;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('Content-Length', String(stats.size));
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      await handle.close();
      res.end();
      return true;
    }
  } catch {
    await handle.close().catch(() => undefined);
    sendStatus(res, 500, 'Cannot read the file');
    return true;
  }
  // pipeline destroys the file stream (closing the descriptor) when the response closes early.
  pipeline(handle.createReadStream({ autoClose: true }), res, () => undefined);
  return true;
}
