// Serves the built web app: static files from WEB_DIR and index.html for every other non-API path (SPA
// fallback). Unknown /api paths and missing asset files answer a JSON or plain 404 instead.
import { existsSync } from 'node:fs';
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

export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const built = existsSync(join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      // Files are looked up per request, so a rebuild while the server runs is served at once.
      wildcard: true,
      index: ['index.html'],
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
