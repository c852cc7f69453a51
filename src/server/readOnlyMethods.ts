import type { IncomingMessage, ServerResponse } from 'node:http';

export const ALLOWED_METHODS = 'GET, HEAD';

/** Answers 405 with an Allow header to anything but GET and HEAD; true when the request may go on. */
export function acceptReadOnly(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  res.statusCode = 405;
  res.setHeader('Allow', ALLOWED_METHODS);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Method not allowed: this server only reads (GET, HEAD)\n');
  // Whatever body the client still sends is not read; close rather than keep the socket for it.
  req.resume();
  return false;
}
