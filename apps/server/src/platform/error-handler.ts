// The one place errors become responses: `{ message, code }` in the caller's language, 5xx without details.
import {
  JSON_BODY_LIMIT_BYTES,
  UPLOAD_MAX_BYTES,
  type ErrorCode,
  type ErrorResponse,
} from '@atende/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from './db/connection-errors.ts';
import { AppError } from './errors.ts';
import { languageFromHeader, translate, type Params } from './i18n/i18n.ts';
import { describeIssues, RequestValidationError, validationCode } from './validation.ts';

/** Fastify's own client errors, mapped to our codes. */
/** The `limit` parameter of size errors, in whole megabytes. */
export const megabytes = (bytes: number) => ({ limit: `${Math.round(bytes / 1024 / 1024)} MB` });

const FASTIFY_CODES: Record<string, { code: ErrorCode; status: number; params?: Params }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'body_too_large',
    status: 400,
    params: megabytes(JSON_BODY_LIMIT_BYTES),
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', status: 415 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'validation_failed', status: 400 },
  FST_REQ_FILE_TOO_LARGE: { code: 'file_too_large', status: 400, params: megabytes(UPLOAD_MAX_BYTES) },
  FST_FILES_LIMIT: { code: 'too_many_files', status: 400 },
  FST_PARTS_LIMIT: { code: 'too_many_files', status: 400 },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'file_required', status: 400 },
};

/** Seconds a client is asked to wait while the database cannot be reached (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    const language = languageFromHeader(request.headers['accept-language']);
    const send = (status: number, code: ErrorCode, params: Params = {}, extra: Partial<ErrorResponse> = {}) =>
      sendError(reply, status, { message: translate(language, 'errors', code, params), code, ...extra });

    if (error instanceof AppError) {
      void reply.headers(error.headers);
      return send(error.statusCode, error.code, error.params);
    }
    if (error instanceof RequestValidationError) {
      const errors = describeIssues(language, error.issues);
      const first = errors[0];
      return sendError(reply, 400, {
        message: first?.message ?? translate(language, 'errors', 'validation_failed'),
        code: validationCode(error.issues),
        field: first?.field || undefined,
        errors,
      });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover of PostgreSQL, not a fault of ours or of the request: come back shortly.
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(503, 'service_unavailable');
    }
    const known = 'code' in error && error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(known.status, known.code, known.params);
    const status = 'statusCode' in error && error.statusCode ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(status, 'validation_failed');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, 'internal_error');
  });
}

export function sendError(reply: FastifyReply, status: number, body: ErrorResponse): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function sendTranslatedError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  params: Params = {},
): FastifyReply {
  const language = languageFromHeader(request.headers['accept-language']);
  return sendError(reply, status, { message: translate(language, 'errors', code, params), code });
}
