// The chat widget a company embeds with one tag: <script src="https://<atende>/widget.js" data-key="<key>" async>.
// It talks only to the server the script came from: the HTTP routes for the configuration, the session and
// files, and the `/widget` Socket.IO namespace for messages, typing, receipts and presence. Socket.IO (not a
// bare WebSocket) because the server already speaks it: reconnection with backoff, acks and rooms that span
// processes come with it for ~14 KB gzip.
import {
  CSAT_COMMENT_MAX,
  LANGUAGE_TAGS,
  readableShade,
  REALTIME_PATH,
  WIDGET_NAMESPACE,
  type WidgetClientEvents,
  type WidgetConfig,
  type WidgetMessage,
  type WidgetPresence,
  type WidgetServerEvents,
  type WidgetSession,
  WHITE,
} from '@atende/contract';
import { io, type Socket } from 'socket.io-client';
import { pickLanguage, TEXTS } from './i18n.ts';
import { nextRenewal } from './renewal.ts';
import { styles } from './styles.ts';

type Pending = { client_id: string; text: string };
type Stored = { visitor_token?: string; outbox: Pending[] };

const ACK_TIMEOUT_MS = 10_000;
const TYPING_EVERY_MS = 2_000;
const TYPING_SHOWN_MS = 4_000;
const PRESENCE_EVERY_MS = 30_000;
/** How long a refusal ("sending too fast", "nothing to send") stays up before the notice shows presence again. */
const REFUSAL_SHOWN_MS = 6_000;

const script = document.currentScript as HTMLScriptElement | null;
if (script?.dataset.key) void boot(script);

async function boot(tag: HTMLScriptElement): Promise<void> {
  const key = tag.dataset.key!;
  const origin = new URL(tag.src, location.href).origin;
  const language = pickLanguage(navigator.languages ?? [navigator.language]);
  const languageTag = LANGUAGE_TAGS[language];
  const t = TEXTS[language];
  const storageKey = `atende-widget:${key}`;
  const stored: Stored = {
    outbox: [],
    ...(JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Partial<Stored>),
  };
  const save = () => localStorage.setItem(storageKey, JSON.stringify(stored));

  /** The server's answer; its refusals come translated into the widget's language, anything else is t.error. */
  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    // The browser's own words ("Failed to fetch", a JSON parser's) are neither translated nor meant for a visitor.
    const response = await fetch(origin + path, {
      ...init,
      headers: { 'accept-language': languageTag, ...(init.headers as Record<string, string>) },
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as (T & { message?: string }) | null;
    if (!response?.ok || !body) throw new Error(body?.message ?? t.error);
    return body;
  };

  const config = await api<WidgetConfig>(`/api/widget/${encodeURIComponent(key)}/config`);

  // The UI, in a shadow root so neither the page's CSS nor ours leaks across.
  const host = document.createElement('div');
  // Screen readers pronounce, and browsers hyphenate, the widget's texts in its language, whatever the page's.
  host.lang = languageTag;
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${styles(readableShade(config.color, WHITE))}</style>
<button class="launcher" part="launcher" aria-label="${t.open}" aria-expanded="false">💬<span class="badge" hidden></span></button>
<section class="window" role="dialog" aria-label="${t.dialog}" hidden>
  <header><span class="title"></span><button class="close" aria-label="${t.close}">×</button></header>
  <div class="notice" hidden></div>
  <form class="prechat" hidden novalidate>
    <label>${t.name}<input name="name" autocomplete="name" required></label>
    <label>${t.email}<input name="email" type="email" autocomplete="email" required></label>
    <label class="phone">${t.phone} <span class="opt">${t.optional}</span><input name="phone" type="tel" autocomplete="tel"></label>
    <div class="error"></div>
    <button type="submit">${t.start}</button>
  </form>
  <div class="log" aria-live="polite"></div>
  <div class="typing"></div>
  <form class="compose">
    <label class="attach" title="${t.attach}">📎<input type="file" aria-label="${t.attach}"></label>
    <textarea aria-label="${t.message}" placeholder="${t.placeholder}" rows="1"></textarea>
    <button type="submit">${t.send}</button>
  </form>
</section>`;
  document.body.appendChild(host);
  const $ = <E extends Element>(selector: string) => root.querySelector<E>(selector)!;
  const launcher = $<HTMLButtonElement>('.launcher');
  const badge = $<HTMLSpanElement>('.badge');
  const win = $<HTMLElement>('.window');
  const notice = $<HTMLDivElement>('.notice');
  const prechat = $<HTMLFormElement>('form.prechat');
  const log = $<HTMLDivElement>('.log');
  const typingLine = $<HTMLDivElement>('.typing');
  const compose = $<HTMLFormElement>('form.compose');
  const input = $<HTMLTextAreaElement>('textarea');
  const fileInput = $<HTMLInputElement>('input[type=file]');
  $<HTMLSpanElement>('.title').textContent = config.title;
  if (!config.pre_chat.require_phone) prechat.querySelector('.phone input')!.removeAttribute('required');
  else prechat.querySelector('.opt')!.remove();

  let session: WidgetSession | null = null;
  let socket: Socket<WidgetServerEvents, WidgetClientEvents> | null = null;
  const messages = new Map<string, WidgetMessage>();
  let unread = 0;

  const showNotice = (text: string | null) => {
    notice.hidden = !text;
    notice.textContent = text ?? '';
  };
  let presence: WidgetPresence = { online: config.online, open: config.open };
  /** Set while a refusal is up: presence news waits until it goes. */
  let refusalTimer: ReturnType<typeof setTimeout> | undefined;
  /** Outside the company's hours (or on a holiday) that says more than whether anyone is connected. */
  const presenceNotice = () => (!presence.open ? t.closed : presence.online ? null : t.offline);
  const setPresence = (now: WidgetPresence) => {
    presence = now;
    if (!refusalTimer) showNotice(presenceNotice());
  };
  setPresence(presence);
  const showRefusal = (text: string) => {
    showNotice(text);
    clearTimeout(refusalTimer);
    refusalTimer = setTimeout(() => {
      refusalTimer = undefined;
      setPresence(presence);
    }, REFUSAL_SHOWN_MS);
  };

  const bubble = (cls: string, text: string, extra?: (el: HTMLDivElement) => void) => {
    const el = document.createElement('div');
    el.className = `msg ${cls}`;
    el.textContent = text;
    extra?.(el);
    return el;
  };

  /** What the visitor chose on a satisfaction request before sending it (kept across redraws). */
  const csatDrafts = new Map<string, { rating: number | null; comment: string; error: string }>();
  /** A satisfaction request (issue 28): 1–5 buttons and an optional comment, or the rating once given. */
  const csatPrompt = (messageId: string, csat: NonNullable<WidgetMessage['csat']>) => {
    const box = document.createElement('div');
    box.className = 'csat';
    if (csat.rating !== null) {
      box.setAttribute('role', 'status');
      box.textContent = t.csat_thanks.replace('{n}', String(csat.rating));
      return box;
    }
    const draft = csatDrafts.get(messageId) ?? { rating: null, comment: '', error: '' };
    csatDrafts.set(messageId, draft);
    const scale = document.createElement('div');
    scale.className = 'csat-scale';
    scale.setAttribute('role', 'group');
    for (let rating = 1; rating <= 5; rating++) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = String(rating);
      button.setAttribute('aria-label', t.csat_rate.replace('{n}', String(rating)));
      button.setAttribute('aria-pressed', String(draft.rating === rating));
      button.addEventListener('click', () => {
        draft.rating = rating;
        for (const other of scale.querySelectorAll('button')) {
          other.setAttribute('aria-pressed', String(other === button));
        }
        send.disabled = false;
      });
      scale.appendChild(button);
    }
    const comment = document.createElement('textarea');
    comment.maxLength = CSAT_COMMENT_MAX;
    comment.value = draft.comment;
    comment.setAttribute('aria-label', t.csat_comment);
    comment.placeholder = t.csat_comment;
    comment.addEventListener('input', () => (draft.comment = comment.value));
    const send = document.createElement('button');
    send.type = 'button';
    send.className = 'csat-send';
    send.textContent = t.csat_send;
    send.disabled = draft.rating === null;
    const error = document.createElement('div');
    error.className = 'error';
    error.setAttribute('role', 'alert');
    error.textContent = draft.error;
    send.addEventListener('click', () => {
      if (draft.rating === null) return;
      send.disabled = true;
      void api<{ token: string; rating: number | null }>(
        `/api/widget/csat/${encodeURIComponent(csat.token)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rating: draft.rating, comment: draft.comment }),
        },
      ).then(
        (answered) => {
          const current = messages.get(messageId);
          if (current) messages.set(messageId, { ...current, csat: answered });
          csatDrafts.delete(messageId);
          render();
        },
        (failure: Error) => {
          draft.error = failure.message;
          error.textContent = failure.message;
          send.disabled = false;
        },
      );
    });
    box.append(scale, comment, send, error);
    return box;
  };

  /** File links renewed once that came back the same: not asked for again (see nextRenewal). */
  const renewed = new Set<string>();
  let renewalTimer: ReturnType<typeof setTimeout> | undefined;
  /** A little before the first file link expires, the messages from its own on are synced again. */
  const scheduleRenewal = (sorted: WidgetMessage[]) => {
    clearTimeout(renewalTimer);
    const next = nextRenewal(sorted, renewed);
    if (!next) return;
    renewalTimer = setTimeout(() => {
      // Offline: the reconnection's sync redraws, and that schedules this again.
      socket?.timeout(ACK_TIMEOUT_MS).emit('sync', { after: next.after }, (error, result) => {
        if (error || !result.ok) return;
        renewed.add(next.links);
        receive(result.messages);
      });
    }, next.delay);
  };

  /** Redraws the conversation: greeting, stored messages in order, then what still waits to be sent. */
  const render = () => {
    log.replaceChildren();
    if (config.greeting) log.appendChild(bubble('out', config.greeting));
    const sorted = [...messages.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
    scheduleRenewal(sorted);
    for (const message of sorted) {
      log.appendChild(
        bubble(message.direction, message.text, (el) => {
          // The message an attendant answered, quoted above the answer.
          if (message.reply_to) {
            const quote = document.createElement('div');
            quote.className = 'quote';
            quote.textContent = message.reply_to.deleted ? t.quote_deleted : message.reply_to.text;
            el.prepend(quote);
          }
          for (const file of message.attachments) {
            const link = document.createElement('a');
            link.href = origin + file.url;
            link.target = '_blank';
            link.rel = 'noopener';
            link.textContent = `📎 ${file.filename}`;
            el.append(el.textContent ? document.createElement('br') : '', link);
          }
          if (message.csat) el.appendChild(csatPrompt(message.id, message.csat));
          if (message.author) {
            const meta = document.createElement('div');
            meta.className = 'meta';
            meta.textContent = message.author;
            el.appendChild(meta);
          }
        }),
      );
    }
    for (const pending of stored.outbox) log.appendChild(bubble('in pending', pending.text));
    log.scrollTop = log.scrollHeight;
    badge.hidden = unread === 0;
    badge.textContent = String(unread);
  };

  const visible = () => !win.hidden && document.visibilityState === 'visible';
  const acknowledge = (incoming: WidgetMessage[]) => {
    const ids = incoming.filter((message) => message.direction === 'out').map((message) => message.id);
    if (ids.length === 0 || !socket) return;
    socket.emit('receipt', { status: 'delivered', ids });
    if (visible()) socket.emit('receipt', { status: 'read', ids });
    else unread += ids.length;
  };
  const markAllRead = () => {
    const ids = [...messages.values()]
      .filter((message) => message.direction === 'out' && message.status !== 'read')
      .map((message) => message.id)
      .slice(-200);
    if (ids.length && socket) socket.emit('receipt', { status: 'read', ids });
    unread = 0;
  };

  const receive = (incoming: WidgetMessage[]) => {
    const fresh = incoming.filter((message) => !messages.has(message.id));
    for (const message of incoming) {
      messages.set(message.id, message);
      if (message.client_id) stored.outbox = stored.outbox.filter((p) => p.client_id !== message.client_id);
    }
    save();
    acknowledge(fresh);
    render();
  };

  const latestId = () =>
    [...messages.values()].sort((a, b) => a.created_at.localeCompare(b.created_at)).at(-1)?.id ?? null;

  /**
   * A refused message leaves the outbox for the compose box, with the reason: sent again as it is it would be
   * refused again (too fast: after a moment; empty or too long: once the visitor changes it).
   */
  const giveBack = (pending: Pending, reason: string) => {
    stored.outbox = stored.outbox.filter((p) => p.client_id !== pending.client_id);
    save();
    input.value = input.value.trim() ? `${input.value}\n${pending.text}` : pending.text;
    showRefusal(reason);
    render();
  };

  /** Client ids sent and not answered yet: sending them again would only spend the visitor's allowance. */
  const inFlight = new Set<string>();
  /** Sends what waits in the outbox; a message keeps its client id, so a resend never duplicates it. */
  const flush = () => {
    for (const pending of [...stored.outbox]) {
      if (!socket || inFlight.has(pending.client_id)) continue;
      inFlight.add(pending.client_id);
      socket.timeout(ACK_TIMEOUT_MS).emit('message.send', pending, (error, result) => {
        inFlight.delete(pending.client_id);
        // Unanswered (a disconnection fails its ack at once), it stays in the outbox for the next flush.
        if (error) return;
        if (result.ok) receive([result.message]);
        else giveBack(pending, result.code === 'too_many_messages' ? t.too_fast : result.message);
      });
    }
  };

  const startSession = async (form: Record<string, string> = {}) => {
    const body: Record<string, string> = { language, ...form };
    if (stored.visitor_token) body.visitor_token = stored.visitor_token;
    if (tag.dataset.identifier) body.identifier = tag.dataset.identifier;
    if (tag.dataset.identifierHash) body.identifier_hash = tag.dataset.identifierHash;
    session = await api<WidgetSession>(`/api/widget/${encodeURIComponent(key)}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    stored.visitor_token = session.visitor_token;
    save();
  };

  const connect = () => {
    if (socket) return;
    socket = io(origin + WIDGET_NAMESPACE, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: (send) => send({ token: session?.token, language }),
    });
    // After any (re)connection, or the server's resync: what arrived meanwhile, then what is still unsent.
    const catchUp = () =>
      socket!.timeout(ACK_TIMEOUT_MS).emit('sync', { after: latestId() }, (error, result) => {
        if (!error && result.ok) receive(result.messages);
        flush();
      });
    socket.on('connect', catchUp);
    socket.on('resync', catchUp);
    socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      if (error.data?.code !== 'visitor_session_invalid') return;
      // An expired visitor JWT: the kept visitor token renews it; Socket.IO then retries on its own.
      startSession()
        .then(() => socket!.connect())
        .catch(() => showNotice(t.error));
    });
    socket.on('message', (message) => receive([message]));
    // An attendant took a message back: it leaves the conversation here too.
    socket.on('message.deleted', ({ id }) => {
      if (messages.delete(id)) render();
    });
    socket.on('presence', setPresence);
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    socket.on('typing', ({ name }) => {
      typingLine.textContent = t.typing.replace('{name}', name);
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => (typingLine.textContent = ''), TYPING_SHOWN_MS);
    });
    setInterval(() => {
      if (socket?.connected) socket.emit('presence', setPresence);
    }, PRESENCE_EVERY_MS);
  };

  const begin = async (form?: Record<string, string>) => {
    await startSession(form);
    prechat.hidden = true;
    log.hidden = compose.hidden = false;
    connect();
  };

  const showConversation = (ready: boolean) => {
    prechat.hidden = ready;
    log.hidden = compose.hidden = !ready;
  };

  /** Opens or closes the window; the launcher's name says what a click on it does next. */
  const setOpen = (open: boolean) => {
    win.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', open ? t.close : t.open);
  };
  launcher.addEventListener('click', () => {
    setOpen(Boolean(win.hidden));
    if (win.hidden) return;
    markAllRead();
    render();
    if (session) return showConversation(true);
    const needsForm = config.pre_chat.enabled && !stored.visitor_token;
    showConversation(!needsForm);
    if (!needsForm) begin().catch((error: Error) => showNotice(error.message));
  });
  $<HTMLButtonElement>('.close').addEventListener('click', () => setOpen(false));
  document.addEventListener('visibilitychange', () => visible() && markAllRead());

  prechat.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = Object.fromEntries(
      [...new FormData(prechat).entries()].filter(([, value]) => String(value).trim() !== ''),
    ) as Record<string, string>;
    begin(data).catch((error: Error) => ($<HTMLDivElement>('.error').textContent = error.message));
  });

  compose.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    stored.outbox.push({ client_id: clientId(), text });
    save();
    render();
    flush();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // Sending, not a new line in the emptied box.
    event.preventDefault();
    compose.requestSubmit();
  });
  let lastTyping = 0;
  input.addEventListener('input', () => {
    if (Date.now() - lastTyping < TYPING_EVERY_MS) return;
    lastTyping = Date.now();
    socket?.emit('typing');
  });

  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file || !session) return;
    const form = new FormData();
    form.append('client_id', clientId());
    form.append('file', file);
    api<WidgetMessage>('/api/widget/files', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${session.token}` },
    })
      .then((message) => receive([message]))
      .catch((error: Error) => showNotice(error.message));
  });

  // A returning visitor reconnects at once: replies that came while they were away show on the badge.
  if (stored.visitor_token) begin().catch(() => undefined);
}

function clientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
