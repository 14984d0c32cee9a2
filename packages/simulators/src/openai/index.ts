// A local OpenAI-compatible API (the shape most AI providers copy): `POST /v1/chat/completions`, streamed as
// server-sent `chat.completion.chunk` events closed by `data: [DONE]` or answered whole, and
// `POST /v1/audio/transcriptions` (multipart: model, file) answering `{ text }`. Keys are checked as Bearer
// tokens, and failures come in OpenAI's own shape (`{ error: { message, type, param, code } }`): 401, 429 with
// retry-after, 500, and a hang that never answers, for our timeouts.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedCall } from '../provider.ts';

export type OpenAiFailure = 'unauthorized' | 'rate_limit' | 'server_error' | 'hang';

export type ChatMessage = { role: string; content: string };

export type OpenAiSimulatorOptions = {
  /** The key our server must send (a random `sk-sim-…` one by default). */
  apiKey?: string;
  /** Seconds in the retry-after header of a rate-limited answer. */
  retryAfter?: number;
  /** Pause between two streamed chunks, so a client sees the answer arrive piece by piece. */
  chunkDelayMs?: number;
};

export type OpenAiSimulator = {
  /** The API root to configure (`http://127.0.0.1:<port>/v1`). */
  baseUrl: string;
  apiKey: string;
  calls: ReceivedCall[];
  /** What the chat answers for the conversation it is sent (default: the last user message, marked). */
  answerWith(answer: (messages: ChatMessage[]) => string): void;
  /** The text every transcription answers. */
  transcribeAs(text: string): void;
  /** Makes the next `times` calls fail that way. */
  failNext(failure: OpenAiFailure, times?: number): void;
  close(): Promise<void>;
};

/** Formats a transcription accepts, by the file name's extension (as OpenAI checks them). */
const AUDIO_EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'opus', 'wav', 'webm'];

const lastUserText = (messages: ChatMessage[]) =>
  [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';

export const DEFAULT_TRANSCRIPT = 'Olá, gostaria de saber quando chega o meu pedido.';

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

const apiError = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startOpenAiSimulator(options: OpenAiSimulatorOptions = {}): Promise<OpenAiSimulator> {
  const apiKey = options.apiKey ?? `sk-sim-${randomBytes(18).toString('base64url')}`;
  const calls: ReceivedCall[] = [];
  const failures: OpenAiFailure[] = [];
  const hanging = new Set<ServerResponse>();
  let answer = (messages: ChatMessage[]) => `Sugestão simulada: ${lastUserText(messages)}`;
  let transcript = DEFAULT_TRANSCRIPT;

  /** Answers an injected failure, if one is pending; true when the call is answered (or left hanging). */
  function injected(response: ServerResponse): boolean {
    const failure = failures.shift();
    if (!failure) return false;
    if (failure === 'hang') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return true;
    }
    if (failure === 'unauthorized') unauthorized(response, 'sk-...');
    if (failure === 'rate_limit') {
      const retryAfter = String(options.retryAfter ?? 1);
      send(
        response,
        429,
        apiError(
          `Rate limit reached for requests. Please try again in ${retryAfter}s.`,
          'requests',
          'rate_limit_exceeded',
        ),
        { 'retry-after': retryAfter, 'x-ratelimit-remaining-requests': '0' },
      );
    }
    if (failure === 'server_error') {
      send(
        response,
        500,
        apiError(
          'The server had an error while processing your request. Sorry about that!',
          'server_error',
          null,
        ),
      );
    }
    return true;
  }

  function unauthorized(response: ServerResponse, shown: string) {
    send(
      response,
      401,
      apiError(
        `Incorrect API key provided: ${shown}. You can find your API key in your account settings.`,
        'invalid_request_error',
        'invalid_api_key',
      ),
    );
  }

  async function chat(request: IncomingMessage, response: ServerResponse, raw: Buffer) {
    let body: { model?: unknown; messages?: unknown; stream?: unknown };
    try {
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      send(
        response,
        400,
        apiError('We could not parse the JSON body of your request.', 'invalid_request_error', null),
      );
      return;
    }
    if (typeof body.model !== 'string' || !body.model) {
      send(
        response,
        400,
        apiError('you must provide a model parameter', 'invalid_request_error', null, 'model'),
      );
      return;
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      send(
        response,
        400,
        apiError(
          "Missing required parameter: 'messages'.",
          'invalid_request_error',
          'missing_required_parameter',
          'messages',
        ),
      );
      return;
    }
    const text = answer(body.messages as ChatMessage[]);
    const id = `chatcmpl-${randomBytes(12).toString('base64url')}`;
    const created = Math.floor(Date.now() / 1000);
    const base = { id, created, model: body.model, system_fingerprint: 'fp_simulator' };
    const usage = {
      prompt_tokens: Math.ceil(JSON.stringify(body.messages).length / 4),
      completion_tokens: Math.ceil(text.length / 4),
    };
    if (body.stream !== true) {
      send(response, 200, {
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const event = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    response.write(event({ role: 'assistant', content: '', refusal: null }, null));
    // Word by word (with the space before each), as the real API streams tokens.
    for (const piece of text.match(/\s*\S+/g) ?? []) {
      if (response.destroyed) return;
      if (options.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
      response.write(event({ content: piece }, null));
    }
    response.write(event({}, 'stop'));
    response.end('data: [DONE]\n\n');
  }

  async function transcription(request: IncomingMessage, response: ServerResponse, raw: Buffer) {
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data')) {
      send(
        response,
        400,
        apiError('Invalid Content-Type header: expected multipart/form-data.', 'invalid_request_error', null),
      );
      return;
    }
    const form = await new Request('http://simulator', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(raw),
    }).formData();
    const model = form.get('model');
    const file = form.get('file');
    if (typeof model !== 'string' || !model) {
      send(
        response,
        400,
        apiError('you must provide a model parameter', 'invalid_request_error', null, 'model'),
      );
      return;
    }
    if (!file || typeof file === 'string') {
      send(
        response,
        400,
        apiError("Missing required parameter: 'file'.", 'invalid_request_error', null, 'file'),
      );
      return;
    }
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!AUDIO_EXTENSIONS.includes(extension)) {
      send(
        response,
        400,
        apiError(
          `Invalid file format. Supported formats: ${JSON.stringify(AUDIO_EXTENSIONS)}`,
          'invalid_request_error',
          null,
        ),
      );
      return;
    }
    send(response, 200, { text: transcript });
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(request);
      const type = request.headers['content-type'] ?? '';
      calls.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        headers: request.headers,
        body: type.startsWith('application/json') ? safeJson(raw) : { bytes: raw.length },
      });
      const auth = request.headers.authorization ?? '';
      if (auth !== `Bearer ${apiKey}`) {
        const given = auth.replace(/^Bearer\s+/i, '');
        if (!given) {
          send(
            response,
            401,
            apiError(
              "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
              'invalid_request_error',
              null,
            ),
          );
        } else {
          unauthorized(response, `${given.slice(0, 3)}…${given.slice(-4)}`);
        }
        return;
      }
      if (injected(response)) return;
      if (request.method === 'POST' && url.pathname === '/v1/chat/completions') {
        await chat(request, response, raw);
      } else if (request.method === 'POST' && url.pathname === '/v1/audio/transcriptions') {
        await transcription(request, response, raw);
      } else if (request.method === 'GET' && url.pathname === '/v1/models') {
        send(response, 200, {
          object: 'list',
          data: [{ id: 'gpt-4o-mini', object: 'model', owned_by: 'simulator' }],
        });
      } else {
        send(
          response,
          404,
          apiError(`Invalid URL (${request.method} ${url.pathname})`, 'invalid_request_error', null),
        );
      }
    })().catch(() => {
      if (!response.headersSent) send(response, 500, apiError('Simulator failure', 'server_error', null));
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    calls,
    answerWith(next) {
      answer = next;
    },
    transcribeAs(text) {
      transcript = text;
    },
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw.toString('utf8');
  }
}
