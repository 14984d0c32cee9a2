// Closed-loop HTTP load with autocannon: `connections` clients each send the next request as soon as the
// previous one answered. Every connection gets its own session (a logged-in user) from the scenario, and each
// request may differ (another contact, another search term), as a real console's would.
import autocannon from 'autocannon';
import { summarise, type Latency } from './stats.ts';

export type HttpRequest = { method: 'GET' | 'POST'; path: string; body?: unknown; token?: string };

export type HttpLoad = {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  /** The next request of connection `connection` (numbered from 0), its `n`th. */
  next: (connection: number, n: number) => HttpRequest;
};

export type HttpResult = { requestsPerSecond: number; latency: Latency; errors: number; requests: number };

export async function runHttpLoad(load: HttpLoad): Promise<HttpResult> {
  let connections = 0;
  const durations: number[] = [];
  let errors = 0;
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
      const [, status, , milliseconds] = args as [unknown, number, number, number];
      durations.push(milliseconds);
      if (status >= 400) errors += 1;
    });
  });
  return {
    requestsPerSecond: Math.round(result.requests.total / load.durationSeconds),
    latency: summarise(durations),
    errors: errors + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}
