// A website visitor speaking the chat widget's protocol (HTTP session + the `/widget` Socket.IO namespace),
// for server tests, the simulator and load checks: what apps/widget does in a browser, without the page.
import {
  REALTIME_PATH,
  WIDGET_NAMESPACE,
  type WidgetClientEvents,
  type WidgetConfig,
  type WidgetMessage,
  type WidgetPresence,
  type WidgetResult,
  type WidgetServerEvents,
  type WidgetSession,
  type WidgetSessionRequest,
} from '@atende/contract';
import { io, type Socket } from 'socket.io-client';

export type VisitorSocket = Socket<WidgetServerEvents, WidgetClientEvents>;

/** A refused HTTP call or socket request: the server's code and translated message. */
export class WidgetError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'WidgetError';
  }
}

export type ChatVisitorOptions = {
  baseUrl: string;
  widgetKey: string;
  language?: string;
};

async function call<T>(url: string, init: RequestInit, language: string): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'accept-language': language, ...(init.headers as Record<string, string>) },
  });
  const body = (await response.json()) as T & { code?: string; message?: string };
  if (!response.ok) throw new WidgetError(body.code ?? 'unknown', body.message ?? '', response.status);
  return body;
}

const unwrap = <T>(result: WidgetResult<T>): T => {
  if (!result.ok) throw new WidgetError(result.code, result.message);
  return result;
};

export class ChatVisitor {
  session: WidgetSession | null = null;
  socket: VisitorSocket | null = null;
  /** Every message pushed to this visitor, in arrival order. */
  readonly pushed: WidgetMessage[] = [];
  readonly typing: string[] = [];
  /** Ids of messages an attendant deleted for everyone, in arrival order. */
  readonly deleted: string[] = [];
  /** The server's resyncs heard (each followed by a sync of what was missed). */
  resyncs = 0;
  private waiters: {
    match: (message: WidgetMessage) => boolean;
    resolve: (message: WidgetMessage) => void;
  }[] = [];

  constructor(readonly options: ChatVisitorOptions) {}

  private get language() {
    return this.options.language ?? 'en';
  }

  config(): Promise<WidgetConfig> {
    const { baseUrl, widgetKey } = this.options;
    return call(`${baseUrl}/api/widget/${encodeURIComponent(widgetKey)}/config`, {}, this.language);
  }

  /** Starts (or, with the kept visitor token, resumes) the session; the token is kept for the next one. */
  async start(input: WidgetSessionRequest = {}): Promise<WidgetSession> {
    const { baseUrl, widgetKey } = this.options;
    const visitorToken = input.visitor_token ?? this.session?.visitor_token;
    this.session = await call<WidgetSession>(
      `${baseUrl}/api/widget/${encodeURIComponent(widgetKey)}/session`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...input, ...(visitorToken ? { visitor_token: visitorToken } : {}) }),
      },
      this.language,
    );
    return this.session;
  }

  /** Opens the socket with the session's token (a new connection, as after a page reload). */
  connect(token = this.session?.token): Promise<VisitorSocket> {
    this.disconnect();
    const socket: VisitorSocket = io(`${this.options.baseUrl}${WIDGET_NAMESPACE}`, {
      path: REALTIME_PATH,
      auth: { token, language: this.language },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('message', (message) => this.receive(message));
    socket.on('typing', ({ name }) => this.typing.push(name));
    socket.on('message.deleted', ({ id }) => this.deleted.push(id));
    // As the widget does: what arrived while the server's fan-out was away comes by sync.
    socket.on('resync', () => {
      this.resyncs += 1;
      const seen = new Set(this.pushed.map((message) => message.id));
      this.sync(this.pushed.at(-1)?.id ?? null)
        .then((missed) => {
          for (const message of missed) if (!seen.has(message.id)) this.receive(message);
        })
        .catch(() => undefined);
    });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) => {
        socket.close();
        reject(new WidgetError(error.data?.code ?? error.message, error.message));
      });
    });
  }

  private receive(message: WidgetMessage): void {
    this.pushed.push(message);
    for (const waiter of [...this.waiters]) {
      if (!waiter.match(message)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  }

  disconnect(): void {
    this.socket?.close();
    this.socket = null;
  }

  private get live(): VisitorSocket {
    if (!this.socket) throw new Error('the visitor is not connected');
    return this.socket;
  }

  async send(text: string, clientId = randomClientId()): Promise<WidgetMessage> {
    const result = await this.live.emitWithAck('message.send', { client_id: clientId, text });
    return unwrap(result).message;
  }

  async sync(after: string | null = null): Promise<WidgetMessage[]> {
    return unwrap(await this.live.emitWithAck('sync', { after })).messages;
  }

  receipt(status: 'delivered' | 'read', ids: string[]): void {
    this.live.emit('receipt', { status, ids });
  }

  startTyping(): void {
    this.live.emit('typing');
  }

  async online(): Promise<boolean> {
    return (await this.presence()).online;
  }

  /** Whether an attendant is connected and whether the company attends now, as the widget asks. */
  presence(): Promise<WidgetPresence> {
    return this.live.emitWithAck('presence');
  }

  /** Uploads a file as a message (multipart, with the visitor token). */
  async sendFile(file: { name: string; type: string; data: Uint8Array }, clientId = randomClientId()) {
    const form = new FormData();
    form.append('client_id', clientId);
    form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    return call<WidgetMessage>(
      `${this.options.baseUrl}/api/widget/files`,
      { method: 'POST', body: form, headers: { authorization: `Bearer ${this.session?.token ?? ''}` } },
      this.language,
    );
  }

  /** The first pushed message matching `match` (already received or still to come). */
  nextMessage(match: (message: WidgetMessage) => boolean = () => true, timeoutMs = 5_000) {
    const already = this.pushed.find(match);
    if (already) return Promise.resolve(already);
    return new Promise<WidgetMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  }
}

export const randomClientId = () => crypto.randomUUID().replace(/-/g, '');
