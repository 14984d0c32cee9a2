// An OpenAI-compatible API reached with plain fetch: streamed chat completions (server-sent events of
// `chat.completion.chunk`, closed by `data: [DONE]`), audio transcriptions (multipart) and the model list for
// the Center's connection test. The provider's refusals become our coded errors: a refused key, a rate limit
// (with its retry-after), a failure, or silence beyond the configured timeout.
import { assertPublicAddress } from '../../channels/http.ts';
import { AppError } from '../../platform/errors.ts';

export type ProviderConfig = {
  baseUrl: string;
  apiKey: string;
  chatModel: string;
  transcriptionModel: string;
  /** How long the provider may stay silent: before its answer starts, and between two pieces of it. */
  timeoutMs: number;
};

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** The error the user is shown for a provider's answer that is not a success. */
function refusal(response: Response): AppError {
  if (response.status === 401 || response.status === 403) {
    return new AppError('ai_provider_unauthorized', 502);
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    const wait = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 30;
    return new AppError(
      'ai_provider_rate_limited',
      429,
      { wait: { seconds: wait } },
      { 'retry-after': String(wait) },
    );
  }
  return new AppError('ai_provider_failed', 502);
}

const timedOut = () => new AppError('ai_provider_timeout', 504);

/** A deadline that can be pushed back while the provider keeps answering. */
function deadline(timeoutMs: number) {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), timeoutMs);
  return {
    signal: controller.signal,
    extend() {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), timeoutMs);
    },
    clear: () => clearTimeout(timer),
    get expired() {
      return controller.signal.aborted;
    },
  };
}

async function request(
  config: ProviderConfig,
  path: string,
  init: { method?: 'GET' | 'POST'; json?: unknown; form?: FormData },
  signal: AbortSignal,
): Promise<Response> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}${path}`;
  try {
    await assertPublicAddress(url);
  } catch {
    throw new AppError('ai_provider_failed', 502);
  }
  const headers: Record<string, string> = { authorization: `Bearer ${config.apiKey}` };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(url, {
      method: init.method ?? 'POST',
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
      signal,
      redirect: 'error',
    });
  } catch {
    if (signal.aborted) throw timedOut();
    throw new AppError('ai_provider_failed', 502);
  }
}

/** The `data:` payloads of a server-sent event stream, as they arrive. */
async function* eventData(body: ReadableStream<Uint8Array>, onChunk: () => void): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    onChunk();
    buffered += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffered.search(/\r?\n\r?\n/)) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) yield data;
    }
  }
}

type Chunk = { choices?: { delta?: { content?: string | null } }[]; error?: unknown };

/**
 * Opens a streamed chat completion: resolves once the provider accepted the call (so a refusal is a plain error
 * answer), then yields the answer's pieces.
 */
export async function openChatStream(
  config: ProviderConfig,
  messages: ChatMessage[],
): Promise<AsyncGenerator<string>> {
  const timer = deadline(config.timeoutMs);
  const response = await request(
    config,
    '/chat/completions',
    { json: { model: config.chatModel, messages, stream: true, temperature: 0.3 } },
    timer.signal,
  ).catch((error: unknown) => {
    timer.clear();
    throw error;
  });
  if (!response.ok || !response.body) {
    timer.clear();
    await response.body?.cancel();
    throw refusal(response);
  }
  const body = response.body;
  async function* pieces(): AsyncGenerator<string> {
    try {
      for await (const data of eventData(body, timer.extend)) {
        if (data === '[DONE]') return;
        const chunk = JSON.parse(data) as Chunk;
        if (chunk.error) throw new AppError('ai_provider_failed', 502);
        const content = chunk.choices?.[0]?.delta?.content;
        if (content) yield content;
      }
      // The stream ended without [DONE]: the provider cut it.
      throw new AppError('ai_provider_failed', 502);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw timer.expired ? timedOut() : new AppError('ai_provider_failed', 502);
    } finally {
      timer.clear();
    }
  }
  return pieces();
}

/** The text the provider hears in an audio file. */
export async function transcribeAudio(
  config: ProviderConfig,
  audio: { data: Buffer; filename: string; contentType: string },
): Promise<string> {
  const timer = deadline(config.timeoutMs);
  try {
    const form = new FormData();
    form.set('model', config.transcriptionModel);
    form.set('response_format', 'json');
    form.set('file', new Blob([new Uint8Array(audio.data)], { type: audio.contentType }), audio.filename);
    const response = await request(config, '/audio/transcriptions', { form }, timer.signal);
    if (!response.ok) {
      await response.body?.cancel();
      throw refusal(response);
    }
    const body = (await response.json()) as { text?: unknown };
    if (typeof body.text !== 'string') throw new AppError('ai_provider_failed', 502);
    return body.text.trim();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw timer.expired ? timedOut() : new AppError('ai_provider_failed', 502);
  } finally {
    timer.clear();
  }
}

/** The Center's connection test: how many models the key may use (GET /models). */
export async function countModels(config: ProviderConfig): Promise<number> {
  const timer = deadline(config.timeoutMs);
  try {
    const response = await request(config, '/models', { method: 'GET' }, timer.signal);
    if (!response.ok) {
      await response.body?.cancel();
      throw refusal(response);
    }
    const body = (await response.json()) as { data?: unknown };
    return Array.isArray(body.data) ? body.data.length : 0;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw timer.expired ? timedOut() : new AppError('ai_provider_failed', 502);
  } finally {
    timer.clear();
  }
}
