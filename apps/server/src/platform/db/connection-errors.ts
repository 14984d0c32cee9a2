// Which PostgreSQL failures mean "the database could not be reached", as opposed to a failing statement: the
// pool retries the safe ones once (postgres-pool.ts) and the error handler answers the rest with 503.

/**
 * The server ended the session (administrator, shutdown, crash of another backend) or refused a new one while
 * starting: a statement failing with these was not committed, whatever it was.
 */
const SESSION_ENDED = new Set(['57P01', '57P02', '57P03']);

/** Socket failures of node-postgres's connection, and the server being out of connection slots. */
const UNREACHABLE_CODES = new Set([
  ...SESSION_ENDED,
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and its pool say these in words only. */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect/,
];

/** The error, then what it wraps (drizzle wraps the driver's error as `cause`). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current !== 'object') return;
    yield current as { code?: unknown; message?: unknown };
  }
}

const matches = (error: unknown, test: (link: { code?: unknown; message?: unknown }) => boolean) =>
  [...chain(error)].some(test);

/** The connection to PostgreSQL was lost, refused or never made: try again later, nothing is wrong with the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return matches(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) ||
      (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))),
  );
}

/**
 * The statement certainly had no effect: the server ended its session (a statement it was running is rolled
 * back with it), or the client never sent it because its connection was already broken.
 */
export function hadNoEffect(error: unknown): boolean {
  return matches(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && SESSION_ENDED.has(code)) ||
      (typeof message === 'string' && /is not queryable/.test(message)),
  );
}
