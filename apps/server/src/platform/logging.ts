// pino options: structured JSON logs, request ids taken from X-Request-Id or generated, secrets redacted —
// headers and bodies by path, and credentials that travel in URLs (the console's ?access_token= handoff, the
// signatures of file and avatar addresses) by the request serializer.
import { PASSWORD_RESET_LINK_PATH } from '@atende/contract';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config.ts';

const REQUEST_ID = /^[\w.:-]{8,128}$/;

export function loggingOptions(config: Pick<AppConfig, 'logLevel'>): Partial<FastifyServerOptions> {
  return {
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.body.password',
          '*.password',
          '*.jwtSecret',
        ],
        censor: '***',
      },
      serializers: { req: requestForLog },
    },
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : requestId();
    },
  };
}

/** Query parameters that grant access: their values never reach a log. */
const SECRET_PARAMS = new Set(['access_token', 'token', 'sig']);

/**
 * The URL with the values of SECRET_PARAMS replaced by ***, and a password reset link's token (the page's
 * path) too; other parameters kept as they came.
 */
export function redactUrl(url: string): string {
  if (url.startsWith(PASSWORD_RESET_LINK_PATH)) return `${PASSWORD_RESET_LINK_PATH}***`;
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return SECRET_PARAMS.has(decodeURIComponentSafe(name)) ? `${name}=***` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

const decodeURIComponentSafe = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Fastify's own request serializer (fastify/lib/logger-pino.js) with the URL redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: firstValue(request.headers?.['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * A UUID v7 (the time first: ids sort by arrival) on randomUUID's pooled randomness; the uuid package reads
 * fresh random bytes for each one (1 % of a loaded server's CPU, one per request).
 */
export function requestId(): string {
  const time = Date.now().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}
