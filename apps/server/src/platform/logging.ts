// pino options: structured JSON logs, request ids taken from X-Request-Id or generated, secrets redacted.
import type { FastifyServerOptions } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
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
    },
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : uuidv7();
    },
  };
}
