// Helpers for declaring routes: the zod type provider and the error responses every route may answer with.
import { ErrorResponse } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The success schema plus the error shape for client and server errors, for serialisation and OpenAPI. */
export function responses<T extends ZodType>(ok: T, status: 200 | 201 = 200) {
  return {
    [status]: ok,
    400: ErrorResponse,
    401: ErrorResponse,
    403: ErrorResponse,
    404: ErrorResponse,
    429: ErrorResponse,
    500: ErrorResponse,
  } as { [K in typeof status]: T } & Record<400 | 401 | 403 | 404 | 429 | 500, typeof ErrorResponse>;
}
