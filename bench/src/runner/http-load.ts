// Closed-loop HTTP load with autocannon: `connections` clients each send the next request as soon as the
// previous one answered. Every connection gets its own session (a logged-in user) from the scenario, and each
// request may differ (another contact, another search term), as a real console's would.
import autocannon from 'autocannon';
import { summarise, type Latency } from './stats.ts';

export type HttpRequest = { method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown; token?: string };

export type HttpLoad = {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  /** The next request of connection `connection` (numbered from 0), its `n`th. */
  next: (connection: number, n: number) => HttpRequest;
  /** The answer to a request came (any status). */
  done?: (request: Pick<HttpRequest, 'method' | 'path'>) => void;
};

export type HttpResult = {
  requestsPerSecond: number;
  latency: Latency;
  errors: number;
  requests: number;
  /** The first error answer's method, path and status (which request failed, to look into). */
  firstError: string | null;
};

/** What autocannon's client exposes of the request it is answering (not in its type definition). */
type AnsweringClient = { requestIterator: { currentRequest: { requestBuffer: Buffer } } };

/**
 * The method and path of the request a client is answering, from the bytes it sent: with one request in flight
 * per connection, autocannon builds the next only after the response event, and its request object keeps the
 * template's path, not setupRequest's.
 */
function answered(client: AnsweringClient): Pick<HttpRequest, 'method' | 'path'> {
  const buffer = client.requestIterator.currentRequest.requestBuffer;
  const [method, path] = buffer.toString('latin1', 0, buffer.indexOf('\r\n')).split(' ');
  return { method: method as HttpRequest['method'], path: path! };
}

export async function runHttpLoad(load: HttpLoad): Promise<HttpResult> {
  let connections = 0;
  const durations: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const options: autocannon.Options = {
    url: load.baseUrl,
    connections: load.connections,
    duration: load.durationSeconds,
    requests: [
      {
        setupRequest: (request, context) => {
          const state = context as { connection?: number; n?: number };
          state.connection ??= connections++;
          state.n = (state.n ?? 0) + 1;
          const next = load.next(state.connection, state.n);
          return {
            ...request,
            method: next.method,
            path: next.path,
            headers: {
              ...(next.token ? { authorization: `Bearer ${next.token}` } : {}),
              ...(next.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: next.body === undefined ? undefined : JSON.stringify(next.body),
          };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    instance.on('response', (...args: unknown[]) => {
      // autocannon passes (client, status, bytes, milliseconds); its type definition leaves the client out.
      const [client, status, , milliseconds] = args as [AnsweringClient, number, number, number];
      durations.push(milliseconds);
      if (load.done) load.done(answered(client));
      if (status >= 400) {
        errors += 1;
        const request = answered(client);
        firstError ??= `${request.method} ${request.path}: ${status}`;
      }
    });
  });
  return {
    requestsPerSecond: Math.round(result.requests.total / load.durationSeconds),
    latency: summarise(durations),
    errors: errors + result.errors + result.timeouts,
    requests: result.requests.total,
    firstError,
  };
}
