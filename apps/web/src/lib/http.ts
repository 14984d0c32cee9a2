// JSON client of the /api server: Bearer token, Accept-Language, and one place (the configured error
// handler) that reacts to failed calls. Response types come from the contract; the server serialises every
// response through the contract's schemas, so the client does not re-validate them (and ships without zod).
import type { ErrorResponse } from '@atende/contract';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** Overrides the session token (login checks a token before storing it). */
  token?: string | null;
  /** False for calls whose failures the caller presents itself (login, heartbeat, health). */
  notify?: boolean;
  /** 'ignore' when a 401 must not end the session (logout of an already revoked token). */
  unauthorized?: 'sign-out' | 'ignore';
  signal?: AbortSignal;
}

/** A failed call: HTTP status (0 when the network failed) and the server's `{ message, code }` when given. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;
  readonly body: unknown;

  constructor(status: number, body: unknown, reason?: string) {
    const payload = readErrorPayload(body);
    super(payload?.message ?? reason ?? `HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.code = payload?.code ?? null;
    this.serverMessage = payload?.message ? payload.message : null;
    this.body = body;
  }

  /** The first offending field of a validation error, when the server named one. */
  get field(): string | null {
    return readErrorPayload(this.body)?.field ?? null;
  }
}

export interface FailedRequest {
  path: string;
  notify: boolean;
  unauthorized: 'sign-out' | 'ignore';
}

export interface HttpConfig {
  baseUrl: string;
  getToken: () => string | null;
  getLanguageTag: () => string;
  onError: (error: HttpError, request: FailedRequest) => void;
}

let config: HttpConfig = {
  baseUrl: '/api',
  getToken: () => null,
  getLanguageTag: () => 'pt-BR',
  onError: () => undefined,
};

export const configureHttp = (next: Partial<HttpConfig>): void => {
  config = { ...config, ...next };
};

function readErrorPayload(body: unknown): Partial<ErrorResponse> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, code, field } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
    field: typeof field === 'string' ? field : undefined,
  };
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  return `${config.baseUrl}${path}${suffix}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends the call; a failure (network or status) reaches the configured handler and is thrown. */
async function open(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const token = options.token === undefined ? config.getToken() : options.token;
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': config.getLanguageTag(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  // A form (an upload) sets its own multipart type and boundary.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const failed: FailedRequest = {
    path,
    notify: options.notify ?? true,
    unauthorized: options.unauthorized ?? 'sign-out',
  };

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: form
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = new HttpError(0, null, 'network_error');
    config.onError(error, failed);
    throw error;
  }

  if (!response.ok) {
    const error = new HttpError(response.status, await readBody(response));
    config.onError(error, failed);
    throw error;
  }
  return response;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await open(path, options, 'application/json');
  return (await readBody(response)) as T;
}

/**
 * A call whose answer is read line by line as it arrives (newline-delimited JSON): each parsed line is handed
 * to `onLine`. Failures before the answer starts are thrown as for `request`.
 */
export async function requestLines<T>(
  path: string,
  options: RequestOptions,
  onLine: (line: T) => void,
): Promise<void> {
  const response = await open(path, options, 'application/x-ndjson');
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (line) onLine(JSON.parse(line) as T);
    }
    if (done) break;
  }
  if (buffered.trim()) onLine(JSON.parse(buffered) as T);
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'POST', body }),
};
