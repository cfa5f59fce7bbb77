import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { WIDGET_SCRIPT_HEADERS, WIDGET_SCRIPT_PATH } from '@atende/shared/security/headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built SPA like CloudFront does: files from web/dist, and index.html for any other path so the
 * client-side router takes over (the SPA fallback). `headers` are the security headers of every answer (as
 * CloudFront's response headers policy adds them); widget.js also opens itself to every site.
 */
export function createStaticWeb(root: string, headers: Readonly<Record<string, string>> = {}) {
  const index = join(root, 'index.html');
  return function serve(req: IncomingMessage, res: ServerResponse): number {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    const candidate = normalize(join(root, pathname));
    const inside = candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
    let file = inside && existsSync(candidate) && statSync(candidate).isFile() ? candidate : index;
    if (!existsSync(file)) {
      res.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end('web/dist não encontrado: rode "npm run build -w web".');
      return 503;
    }
    const hashed = file.includes(`${sep}assets${sep}`);
    if (file !== index && extname(file) === '') file = index;
    res.writeHead(200, {
      ...headers,
      ...(url.pathname === WIDGET_SCRIPT_PATH ? WIDGET_SCRIPT_HEADERS : {}),
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return 200;
  };
}
