// Serves the built web app: static files from WEB_DIR and index.html for every other non-API path (SPA
// fallback). Unknown /api paths and missing asset files answer a JSON or plain 404 instead. The build writes
// brotli and gzip copies of the bundles (scripts/precompress.mjs): a client that accepts one gets it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendTranslatedError } from './error-handler.ts';

const looksLikeFile = (path: string) => /\.[a-z0-9]{1,8}$/i.test(path);

/** Hashed bundles never change; index.html is revalidated so a new release is picked up at once. */
function cacheControlFor(path: string, webDir: string): string {
  if (path.startsWith(join(webDir, 'assets'))) return 'public, max-age=31536000, immutable';
  if (path.endsWith('index.html')) return 'no-cache';
  return 'public, max-age=3600';
}

type Encoding = 'br' | 'gzip';
const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings an Accept-Encoding header accepts, most wanted first (brotli before gzip at equal q). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const weight = params.find((param) => param.startsWith('q='));
    if (name) q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const weightOf = (encoding: Encoding) => q.get(encoding) ?? q.get('*') ?? 0;
  return (['br', 'gzip'] as const)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/**
 * A built file outside WEB_DIR (the widget's bundle) as its build's compressed copy the client accepts, else as
 * it is; `encoding` goes into Content-Encoding (with Vary: Accept-Encoding whatever is sent).
 */
export async function readPrecompressed(
  path: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding?: Encoding }> {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const body = await readFile(path + EXTENSION[encoding]).catch(() => null);
    if (body) return { body, encoding };
  }
  return { body: await readFile(path) };
}

export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const built = existsSync(join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      // Files are looked up per request, so a rebuild while the server runs is served at once.
      wildcard: true,
      index: ['index.html'],
      // file.br / file.gz beside a file are sent for it, with Content-Encoding and Vary: Accept-Encoding;
      // the file itself to a client that accepts neither.
      preCompressed: true,
      // Cache headers are all set here: static's own would override the ones index.html needs.
      cacheControl: false,
      setHeaders(res, path) {
        res.header('cache-control', cacheControlFor(path, webDir));
      },
    });
  } else {
    app.log.warn({ webDir }, 'web app is not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/'))
      return sendTranslatedError(request, reply, 404, 'route_not_found');
    if (!built || (request.method !== 'GET' && request.method !== 'HEAD') || looksLikeFile(path)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
