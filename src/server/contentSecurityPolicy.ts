import type { ServerResponse } from 'node:http';

/**
 * The Content-Security-Policy the built viewer is served with, by `galaxy serve` and `vite preview`
 * (README "What a static host should send" gives the same header).
 *
 * - Scripts and workers only from the viewer's own origin: no inline script, no eval, no blob: or
 *   data: script. The build's index.html loads one module file and the workers are files in assets/.
 * - connect-src allows any http(s) host: the data root may be on another host (VITE_GALAXY_DATA_ROOT)
 *   and a galaxy's manifest may name an `endpoint` anywhere, both known only at run time.
 * - img-src allows any http(s) host for the same reason (Home card thumbnails come from the data
 *   root) and for github avatars (github.com/<login>.png redirects to avatars.githubusercontent.com);
 *   data: for the inline favicon, blob: for images made in the page.
 * - style-src keeps 'unsafe-inline': React sets `style` attributes; a style cannot run code.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self' https: http:",
  "img-src 'self' https: http: data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Sets the viewer's security headers on a response (any response: workers take their policy from theirs). */
export function setViewerSecurityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}
