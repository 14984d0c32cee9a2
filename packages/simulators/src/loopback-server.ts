// What the HTTP provider simulators share: a node:http server on 127.0.0.1 (port 0), each request's body read
// whole, calls recorded, failures injected for the next calls, and files served for customers' media.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectedFailure, ReceivedCall } from './provider.ts';

export type LoopbackRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: Buffer;
};
export type LoopbackReply = {
  status: number;
  body?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
};

export type LoopbackServer = {
  origin: string;
  calls: ReceivedCall[];
  /** The failure the next outbound call gets, if one was injected (consumed). */
  takeFailure(): InjectedFailure | null;
  failNext(failure: InjectedFailure, times?: number): void;
  close(): Promise<void>;
};

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function write(response: ServerResponse, reply: LoopbackReply): void {
  const isJson = reply.body !== undefined && typeof reply.body === 'object' && !Buffer.isBuffer(reply.body);
  const body = isJson ? JSON.stringify(reply.body) : reply.body;
  response.writeHead(reply.status, {
    ...(isJson ? { 'content-type': 'application/json' } : {}),
    ...reply.headers,
  });
  response.end(body);
}

/**
 * Starts the server; `handle` answers each request (`parse` turns the raw body into what `calls` records). A
 * handler's exception answers 500.
 */
export async function startLoopbackServer(
  handle: (request: LoopbackRequest) => Promise<LoopbackReply> | LoopbackReply,
  parse: (request: LoopbackRequest) => unknown,
): Promise<LoopbackServer> {
  const calls: ReceivedCall[] = [];
  const failures: InjectedFailure[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(request);
      const received: LoopbackRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        raw,
      };
      let reply: LoopbackReply;
      try {
        reply = await handle(received);
      } catch (error) {
        reply = { status: 500, body: { error: String(error) } };
      }
      // Recorded before answering: once our server has its answer, the call is there to assert on.
      calls.push({
        method: received.method,
        path: received.path,
        headers: request.headers,
        body: parse(received),
      });
      write(response, reply);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    takeFailure: () => failures.shift() ?? null,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Random hex (ids such as Twilio's SM + 32 hex). */
export const randomHex = (length: number) =>
  Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');
