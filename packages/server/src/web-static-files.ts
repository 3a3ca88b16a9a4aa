import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * What the page may load: its own files and nothing from elsewhere (no CDN, no fonts, no
 * images an answer links to), and it may talk only to this server.
 */
export const pageSecurityHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/**
 * Sends a file of the built page. `/` and any path without a file extension get `index.html`
 * (the page routes itself); a path that leaves the directory, even through `..` or encoded
 * separators, is not found. Returns false when there is no such file.
 */
export async function sendStaticFile(directory: string, urlPath: string, response: ServerResponse): Promise<boolean> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  if (relative.includes('\0')) return false;
  if (relative === '/' || path.extname(relative) === '') relative = '/index.html';
  const root = path.resolve(directory);
  const file = path.resolve(root, `.${relative}`);
  if (!file.startsWith(`${root}${path.sep}`)) return false;
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) return false;
    size = info.size;
  } catch {
    return false;
  }
  const hashed = relative.startsWith('/assets/');
  response.writeHead(200, {
    'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    'content-length': size,
    // Built assets carry a content hash in their names; the page itself must be asked for each time.
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...pageSecurityHeaders,
  });
  createReadStream(file).pipe(response);
  return true;
}
