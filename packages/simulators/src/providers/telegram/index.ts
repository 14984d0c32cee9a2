// A local Telegram Bot API (api.telegram.org): `/bot<token>/<method>` with JSON, form or multipart bodies
// answering `{ok, result}` or `{ok:false, error_code, description, parameters}`, `/file/bot<token>/<path>` for
// the files customers send, and setWebhook remembered like Telegram does (url and secret_token), so customers'
// updates reach that url carrying X-Telegram-Bot-Api-Secret-Token. Bots get no delivery or read receipts.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomerMessage, InjectedFailure, ProviderSimulator, ReceivedCall } from '../../provider.ts';
import { throughputLimit } from '../../throughput.ts';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

type StoredFile = { path: string; data: Buffer; contentType: string };
type SentMessage = ReturnType<ProviderSimulator['sent']>[number];

/** What a test may change: the bot, and the delay a rate limit asks for. */
export type TelegramSimulatorOptions = {
  botId?: number;
  botUsername?: string;
  /** Seconds in `parameters.retry_after` of a rate-limited answer. */
  retryAfter?: number;
  /** Messages a second the bot may send (Telegram: about 30); beyond it, 429 with retry_after. */
  messagesPerSecond?: number;
};

export type TelegramSimulator = ProviderSimulator & {
  botToken: string;
  /** How many sends were refused for exceeding `messagesPerSecond`. */
  readonly throttled: number;
  /** What setWebhook registered (null until then, or after deleteWebhook). */
  webhook(): { url: string; secretToken: string | null; allowedUpdates: string[] | null } | null;
  /** Posts a raw update body to the registered url, with the registered secret unless `secret` says otherwise. */
  postUpdate(body: string | Buffer, secret?: string | null): Promise<number>;
  /** The update `customerWrites` would send, without sending it (a test may alter and post it). */
  buildUpdate(message: CustomerMessage & { edit?: boolean; messageId?: number }): Record<string, unknown>;
  /** The inline keyboard a message of ours shows now (by the id the simulator gave it), [] when none. */
  keyboard(providerMessageId: string): { text: string; callback_data: string }[][];
  /**
   * The `callback_query` update of the customer tapping the button with this data under our message (it must
   * be shown there), without sending it; `press` sends it.
   */
  buildCallback(providerMessageId: string, data: string): Record<string, unknown>;
  /** Taps the button: posts its callback_query update; the HTTP status our server gave and the query's id. */
  press(
    providerMessageId: string,
    data: string,
  ): Promise<{ status: number; callbackQueryId: string; update: Record<string, unknown> }>;
  /** answerCallbackQuery calls received, in order. */
  callbackAnswers(): { callbackQueryId: string; text: string | null }[];
};

type Button = { text: string; callback_data: string };

const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export async function startTelegramSimulator(
  options: TelegramSimulatorOptions = {},
): Promise<TelegramSimulator> {
  const botId = options.botId ?? 7_000_000_000 + Math.floor(Math.random() * 1_000_000);
  const botToken = `${botId}:${randomBytes(26).toString('base64url')}`;
  const throughput = throughputLimit(options.messagesPerSecond);
  const bot = {
    id: botId,
    is_bot: true,
    first_name: 'Atende Bot',
    username: options.botUsername ?? 'atende_test_bot',
  };
  const calls: ReceivedCall[] = [];
  const sentMessages: SentMessage[] = [];
  const files = new Map<string, StoredFile>();
  let webhook: { url: string; secretToken: string | null; allowedUpdates: string[] | null } | null = null;
  let failure: { kind: InjectedFailure; left: number } | null = null;
  let updateId = 100_000;
  /** Our messages' inline keyboards, by `<chat>:<message id>`; callback queries issued and answered. */
  const keyboards = new Map<string, Button[][]>();
  const callbacks = new Set<string>();
  const answers: { callbackQueryId: string; text: string | null }[] = [];
  let fileCounter = 0;
  /** Message ids are counted per chat, as Telegram does: the same id in two chats is two messages. */
  const chatCounters = new Map<string, number>();
  const nextMessageId = (chatId: string) => {
    const next = (chatCounters.get(chatId) ?? 0) + 1;
    chatCounters.set(chatId, next);
    return next;
  };

  const storeFile = (data: Buffer, contentType: string, folder: string, extension: string) => {
    fileCounter += 1;
    const fileId = `AgAC${randomBytes(12).toString('base64url')}${fileCounter}`;
    files.set(fileId, { path: `${folder}/file_${fileCounter}.${extension}`, data, contentType });
    return {
      file_id: fileId,
      file_unique_id: `AQAD${randomBytes(6).toString('base64url')}`,
      file_size: data.length,
    };
  };

  function send(response: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  }
  const fail = (response: ServerResponse, code: number, description: string, parameters?: unknown) =>
    send(response, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });
  const ok = (response: ServerResponse, result: unknown) => send(response, 200, { ok: true, result });

  /** The injected failure for this call, if one is still pending. */
  function injected(response: ServerResponse): boolean {
    if (!failure || failure.left <= 0) return false;
    failure.left -= 1;
    const retryAfter = options.retryAfter ?? 1;
    switch (failure.kind) {
      case 'rate_limit':
        fail(response, 429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
        break;
      case 'expired_token':
        fail(response, 401, 'Unauthorized');
        break;
      case 'window_closed':
        fail(response, 403, 'Forbidden: bot was blocked by the user');
        break;
      case 'server_error':
        fail(response, 500, 'Internal Server Error');
        break;
    }
    return true;
  }

  async function readBody(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The call's parameters as Telegram reads them: query string, JSON, urlencoded form or multipart. */
  async function paramsOf(request: IncomingMessage, url: URL, raw: Buffer) {
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const type = request.headers['content-type'] ?? '';
    if (raw.length === 0) return params;
    if (type.startsWith('application/json')) return { ...params, ...(JSON.parse(raw.toString()) as object) };
    if (type.startsWith('application/x-www-form-urlencoded')) {
      return { ...params, ...Object.fromEntries(new URLSearchParams(raw.toString())) };
    }
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://simulator', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(raw),
      }).formData();
      for (const [name, value] of form) {
        params[name] =
          typeof value === 'string'
            ? value
            : {
                filename: value.name,
                contentType: value.type,
                data: Buffer.from(await value.arrayBuffer()),
              };
      }
    }
    return params;
  }

  /** A field that Telegram takes either as JSON inside a form field or as a JSON value. */
  const structured = (value: unknown): Record<string, unknown> | null => {
    if (typeof value === 'string') {
      try {
        return JSON.parse(value) as Record<string, unknown>;
      } catch {
        return null;
      }
    }
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  };

  const MEDIA_METHODS: Record<string, string> = {
    sendPhoto: 'photo',
    sendDocument: 'document',
    sendVoice: 'voice',
    sendAudio: 'audio',
    sendVideo: 'video',
  };

  function outbound(response: ServerResponse, method: string, params: Record<string, unknown>) {
    if (!throughput.take()) {
      const retryAfter = options.retryAfter ?? 1;
      return fail(response, 429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
    }
    const chatId = params.chat_id === undefined ? '' : String(params.chat_id);
    if (!/^-?\d+$/.test(chatId)) return fail(response, 400, 'Bad Request: chat not found');
    const field = MEDIA_METHODS[method];
    const media = field ? params[field] : undefined;
    if (field && !media) return fail(response, 400, `Bad Request: there is no ${field} in the request`);
    const text = field ? (params.caption ?? null) : params.text;
    if (!field && (typeof text !== 'string' || text.trim() === '')) {
      return fail(response, 400, 'Bad Request: message text is empty');
    }
    if (!field && (text as string).length > 4096) {
      return fail(response, 400, 'Bad Request: message is too long');
    }
    const markup = params.reply_markup === undefined ? null : structured(params.reply_markup);
    const keyboard = markup ? inlineKeyboard(markup) : [];
    if (keyboard === null) return fail(response, 400, 'Bad Request: BUTTON_DATA_INVALID');
    const replyParameters = structured(params.reply_parameters);
    const replyTo = replyParameters?.message_id ?? params.reply_to_message_id ?? null;
    const messageId = nextMessageId(chatId);
    if (keyboard.length > 0) keyboards.set(`${chatId}:${messageId}`, keyboard);
    sentMessages.push({
      // Written as our server keeps it: message ids are unique per chat only.
      providerMessageId: `${botId}:${chatId}:${messageId}`,
      to: chatId,
      text: typeof text === 'string' ? text : null,
      media: media ?? null,
      replyTo: replyTo === null ? null : String(replyTo),
    });
    return ok(response, {
      message_id: messageId,
      from: bot,
      chat: { id: Number(chatId), type: 'private' },
      date: Math.floor(Date.now() / 1000),
      ...(field ? { caption: text ?? undefined } : { text }),
      ...(keyboard.length > 0 ? { reply_markup: { inline_keyboard: keyboard } } : {}),
    });
  }

  /**
   * An inline keyboard as Telegram checks it: rows of buttons with a text and callback data of 1–64 bytes
   * (the only kind of button our server sends); null when malformed.
   */
  function inlineKeyboard(markup: Record<string, unknown>): Button[][] | null {
    const rows = markup.inline_keyboard;
    if (!Array.isArray(rows)) return null;
    const valid = rows.every(
      (row) =>
        Array.isArray(row) &&
        row.every((button: Partial<Button>) => {
          const bytes =
            typeof button?.callback_data === 'string' ? Buffer.byteLength(button.callback_data) : 0;
          return typeof button.text === 'string' && button.text !== '' && bytes >= 1 && bytes <= 64;
        }),
    );
    return valid ? (rows as Button[][]) : null;
  }

  function answerCallbackQuery(response: ServerResponse, params: Record<string, unknown>) {
    const id = String(params.callback_query_id ?? '');
    if (!callbacks.has(id))
      return fail(
        response,
        400,
        'Bad Request: query is too old and response timeout expired or query ID is invalid',
      );
    const text = typeof params.text === 'string' ? params.text : null;
    if (text !== null && text.length > 200) return fail(response, 400, 'Bad Request: MESSAGE_TOO_LONG');
    answers.push({ callbackQueryId: id, text });
    return ok(response, true);
  }

  function editMessageReplyMarkup(response: ServerResponse, params: Record<string, unknown>) {
    const key = `${String(params.chat_id ?? '')}:${String(params.message_id ?? '')}`;
    const chatId = String(params.chat_id ?? '');
    const messageId = Number(params.message_id);
    const ours = sentMessages.some((each) => each.providerMessageId === `${botId}:${key}`);
    if (!ours) return fail(response, 400, 'Bad Request: message to edit not found');
    const markup = params.reply_markup === undefined ? {} : structured(params.reply_markup);
    const keyboard = markup?.inline_keyboard === undefined ? [] : inlineKeyboard(markup);
    if (keyboard === null) return fail(response, 400, 'Bad Request: BUTTON_DATA_INVALID');
    const before = keyboards.get(key) ?? [];
    if (JSON.stringify(before) === JSON.stringify(keyboard)) {
      return fail(response, 400, 'Bad Request: message is not modified');
    }
    if (keyboard.length > 0) keyboards.set(key, keyboard);
    else keyboards.delete(key);
    return ok(response, {
      message_id: messageId,
      from: bot,
      chat: { id: Number(chatId), type: 'private' },
      date: Math.floor(Date.now() / 1000),
      ...(keyboard.length > 0 ? { reply_markup: { inline_keyboard: keyboard } } : {}),
    });
  }

  function setWebhook(response: ServerResponse, params: Record<string, unknown>) {
    const url = typeof params.url === 'string' ? params.url : '';
    if (url === '') {
      webhook = null;
      return ok(response, true);
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return fail(
        response,
        400,
        'Bad Request: bad webhook: Failed to resolve host: Name or service not known',
      );
    }
    // Telegram demands HTTPS; the simulator lets this machine's own addresses in over plain HTTP.
    if (parsed.protocol !== 'https:' && !LOOPBACK.has(parsed.hostname)) {
      return fail(response, 400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
    }
    const secret = params.secret_token;
    if (secret !== undefined && (typeof secret !== 'string' || !SECRET_TOKEN.test(secret))) {
      return fail(response, 400, 'Bad Request: secret token contains unallowed characters');
    }
    const allowed = structured(params.allowed_updates);
    webhook = {
      url,
      secretToken: typeof secret === 'string' ? secret : null,
      allowedUpdates: Array.isArray(allowed) ? allowed.map(String) : null,
    };
    return ok(response, true);
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) return fail(response, 404, 'Not Found');
    const [, token, method] = match as unknown as [string, string, string];
    const raw = await readBody(request);
    let params: Record<string, unknown>;
    try {
      params = await paramsOf(request, url, raw);
    } catch {
      return fail(response, 400, "Bad Request: can't parse JSON object");
    }
    calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      headers: request.headers,
      body: params,
    });
    if (token !== botToken) return fail(response, 401, 'Unauthorized');
    if (injected(response)) return;
    switch (method) {
      case 'getMe':
        return ok(response, { ...bot, can_join_groups: true, supports_inline_queries: false });
      case 'setWebhook':
        return setWebhook(response, params);
      case 'deleteWebhook':
        webhook = null;
        return ok(response, true);
      case 'getWebhookInfo':
        return ok(response, {
          url: webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: 0,
          ...(webhook?.allowedUpdates ? { allowed_updates: webhook.allowedUpdates } : {}),
        });
      case 'getFile': {
        const fileId = String(params.file_id ?? '');
        const file = files.get(fileId);
        if (!file) return fail(response, 400, 'Bad Request: invalid file_id');
        return ok(response, {
          file_id: fileId,
          file_unique_id: fileId.slice(-8),
          file_size: file.data.length,
          file_path: file.path,
        });
      }
      case 'answerCallbackQuery':
        return answerCallbackQuery(response, params);
      case 'editMessageReplyMarkup':
        return editMessageReplyMarkup(response, params);
      case 'sendMessage':
      case 'sendPhoto':
      case 'sendDocument':
      case 'sendVoice':
      case 'sendAudio':
      case 'sendVideo':
        return outbound(response, method, params);
      default:
        return fail(response, 404, 'Not Found');
    }
  }

  function download(response: ServerResponse, url: URL) {
    const match = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (!match || match[1] !== botToken) return fail(response, 404, 'Not Found');
    const file = [...files.values()].find((each) => each.path === match[2]);
    if (!file) return fail(response, 404, 'Not Found');
    response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length });
    response.end(file.data);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const handled = url.pathname.startsWith('/file/')
      ? Promise.resolve(download(response, url))
      : api(request, response, url);
    handled.catch(() => {
      if (!response.headersSent) fail(response, 500, 'Internal Server Error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const extension = (filename: string, fallback: string) =>
    /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase() ?? fallback;

  /** The `message` object of Telegram's update for what the customer does. */
  function messageOf(message: CustomerMessage, messageId: number): Record<string, unknown> {
    const [firstName, ...rest] = (message.name ?? 'Cliente').split(' ');
    const person = {
      id: Number(message.from),
      first_name: firstName,
      ...(rest.length ? { last_name: rest.join(' ') } : {}),
    };
    const body: Record<string, unknown> = {
      message_id: messageId,
      from: { ...person, is_bot: false, language_code: 'pt-br' },
      chat: { ...person, type: 'private' },
      date: Math.floor(Date.now() / 1000),
    };
    if (message.replyTo) {
      body.reply_to_message = {
        message_id: Number(message.replyTo.split(':').pop()),
        from: bot,
        chat: body.chat,
        date: body.date,
      };
    }
    const media = message.media;
    if (media) {
      if (message.text) body.caption = message.text;
      const ext = extension(media.filename, 'bin');
      switch (media.kind) {
        case 'image': {
          // Smaller sizes first, the original last, as Telegram lists them.
          const thumb = storeFile(
            media.data.subarray(0, Math.min(64, media.data.length)),
            media.contentType,
            'photos',
            ext,
          );
          const full = storeFile(media.data, media.contentType, 'photos', ext);
          body.photo = [
            { ...thumb, width: 90, height: 90 },
            { ...full, width: 1280, height: 960 },
          ];
          break;
        }
        case 'document':
          body.document = {
            ...storeFile(media.data, media.contentType, 'documents', ext),
            file_name: media.filename,
            mime_type: media.contentType,
          };
          break;
        case 'audio':
          // An OGG/Opus recording is a voice note; other sound files are audio tracks.
          if (/ogg|opus/.test(media.contentType)) {
            body.voice = {
              ...storeFile(media.data, media.contentType, 'voice', 'oga'),
              duration: 3,
              mime_type: media.contentType,
            };
          } else {
            body.audio = {
              ...storeFile(media.data, media.contentType, 'music', ext),
              duration: 3,
              file_name: media.filename,
              mime_type: media.contentType,
            };
          }
          break;
        case 'video':
          body.video = {
            ...storeFile(media.data, media.contentType, 'videos', ext),
            duration: 3,
            width: 640,
            height: 480,
            file_name: media.filename,
            mime_type: media.contentType,
          };
          break;
        case 'sticker':
          body.sticker = {
            ...storeFile(media.data, media.contentType, 'stickers', 'webp'),
            width: 512,
            height: 512,
            emoji: message.text ?? '🙂',
            set_name: 'AtendeSet',
            is_animated: false,
            is_video: false,
            type: 'regular',
          };
          delete body.caption;
          break;
      }
    } else if (message.location) {
      const location = { latitude: message.location.latitude, longitude: message.location.longitude };
      body.location = location;
      if (message.location.name) {
        body.venue = { location, title: message.location.name, address: message.location.name };
      }
    } else {
      body.text = message.text ?? '';
    }
    return body;
  }

  /** Telegram's update for what the customer does, and our id of the message in it. */
  function update(message: CustomerMessage & { edit?: boolean; messageId?: number }) {
    updateId += 1;
    const messageId = message.messageId ?? nextMessageId(message.from);
    const body = messageOf(message, messageId);
    const providerMessageId = `${botId}:${message.from}:${messageId}`;
    if (message.edit) {
      const edited = { ...body, edit_date: Math.floor(Date.now() / 1000) };
      return { providerMessageId, update: { update_id: updateId, edited_message: edited } };
    }
    return { providerMessageId, update: { update_id: updateId, message: body } };
  }

  /** The customer's tap on a button shown under our message: Telegram's callback_query update. */
  function buildCallback(providerMessageId: string, data: string): Record<string, unknown> {
    const [, chatId, messageId] = providerMessageId.split(':');
    const key = `${chatId}:${messageId}`;
    const shown = (keyboards.get(key) ?? []).flat().some((button) => button.callback_data === data);
    if (!shown) throw new Error(`no button with data ${data} under message ${providerMessageId}`);
    const sentMessage = sentMessages.find((each) => each.providerMessageId === providerMessageId);
    const callbackQueryId = String(BigInt(botId) * 1000n + BigInt(callbacks.size + 1));
    callbacks.add(callbackQueryId);
    updateId += 1;
    const person = { id: Number(chatId), is_bot: false, first_name: 'Cliente', language_code: 'pt-br' };
    return {
      update_id: updateId,
      callback_query: {
        id: callbackQueryId,
        from: person,
        message: {
          message_id: Number(messageId),
          from: bot,
          chat: { id: Number(chatId), first_name: 'Cliente', type: 'private' },
          date: Math.floor(Date.now() / 1000),
          text: sentMessage?.text ?? '',
          reply_markup: { inline_keyboard: keyboards.get(key) },
        },
        chat_instance: `${botId}${chatId}`,
        data,
      },
    };
  }

  async function postUpdate(body: string | Buffer, secret?: string | null): Promise<number> {
    if (!webhook) throw new Error('no webhook registered (setWebhook)');
    const token = secret === undefined ? webhook.secretToken : secret;
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { [TELEGRAM_SECRET_HEADER]: token } : {}) },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    await response.arrayBuffer();
    return response.status;
  }

  return {
    kind: 'telegram',
    get throttled() {
      return throughput.refused;
    },
    apiBaseUrl,
    botToken,
    account: {
      settings: { api_base_url: apiBaseUrl },
      secrets: { bot_token: botToken },
      address: `@${bot.username}`,
    },
    setWebhookUrl(url: string, secretToken: string | null = webhook?.secretToken ?? null) {
      webhook = { url, secretToken, allowedUpdates: webhook?.allowedUpdates ?? null };
    },
    webhook: () => (webhook ? { ...webhook } : null),
    buildUpdate: (message) => update(message).update,
    keyboard: (providerMessageId) => {
      const [, chatId, messageId] = providerMessageId.split(':');
      return structuredClone(keyboards.get(`${chatId}:${messageId}`) ?? []);
    },
    buildCallback,
    async press(providerMessageId, data) {
      const built = buildCallback(providerMessageId, data);
      const status = await postUpdate(JSON.stringify(built));
      const callbackQueryId = (built.callback_query as { id: string }).id;
      return { status, callbackQueryId, update: built };
    },
    callbackAnswers: () => answers.map((each) => ({ ...each })),
    postUpdate,
    async customerWrites(message) {
      const built = update(message);
      const status = await postUpdate(JSON.stringify(built.update));
      return { status, providerMessageId: built.providerMessageId };
    },
    // Telegram tells bots nothing of delivery or reading: there is no callback to send.
    reportStatus: async () => 0,
    failNext(kind, times = 1) {
      failure = { kind, left: times };
    },
    calls,
    sent: () => [...sentMessages],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
