import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { setViewerSecurityHeaders } from '../../server/contentSecurityPolicy';
import { fileInsideRoot } from '../../server/fileInsideRoot';
import { sendFile, sendStatus } from '../../server/sendFile';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function headersFor(file: string): Record<string, string> {
  return { 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' };
}

/**
 * Serves the built viewer from `dir` with its Content-Security-Policy; unknown paths get index.html
 * (the app routes by hash anyway). The caller has already refused methods other than GET and HEAD.
 */
export function staticFiles(dir: string) {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  return (req: IncomingMessage, res: ServerResponse): void => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      sendStatus(res, 400, 'Bad path');
      return;
    }
    setViewerSecurityHeaders(res);
    const serve = async (): Promise<void> => {
      const file = await fileInsideRoot(root, `.${pathname}`);
      if (file && (await sendFile(req, res, file, headersFor(file)))) return;
      if (await sendFile(req, res, index, headersFor(index))) return;
      sendStatus(res, 503, 'The viewer is not built yet: run npx vite build');
    };
    serve().catch(() => sendStatus(res, 500, 'Cannot read the file'));
  };
}
