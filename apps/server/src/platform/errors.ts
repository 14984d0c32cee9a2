// Coded errors: services throw AppError with a contract code; the error handler translates them.
import type { ErrorCode } from '@atende/contract';
import type { Params } from './i18n/i18n.ts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly params: Params = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** A row of another company answers 404 like a missing one: existence never leaks across tenants. */
export const notFound = () => new AppError('not_found', 404);
export const forbidden = () => new AppError('forbidden', 403);
