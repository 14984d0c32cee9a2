// Security headers (helmet) on every response. @fastify/helmet rebuilds helmet's middleware — parsing the CSP
// directives again — on every request (2.6 % of a loaded server's CPU); the headers never change, so the
// middleware is built once here. HSTS only on requests that came over HTTPS (directly, or through a proxy that
// says so when TRUST_PROXY is on): sent over plain HTTP it would pin a host that may never serve TLS.
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const applyHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
});

/** A year, subdomains included: what browsers' HSTS preload expects. */
const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
