// WhatsApp Business Cloud API imitated on a loopback port (shared/CHANNELS.md §1): the Graph paths our server
// calls (`/v21.0/<phone number id>/messages`, `/media`, `/<media id>`, `/<phone number id>`,
// `/<business account id>/message_templates`) with Bearer auth and Meta's success and error bodies, and a
// customer whose messages and our messages' statuses reach the webhook signed with the app secret over the exact
// bytes sent (non-ASCII and `/` escaped as Meta writes them). Failures: rate limits (130429, 131056), an expired
// token (190), the 24-hour window closed (131047), a server error.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fillTemplate, templateVariables } from '@atende/contract';
import type { CustomerMessage, InjectedFailure, ProviderSimulator, ReceivedCall } from '../../provider.ts';
import { throughputLimit } from '../../throughput.ts';

const VERSION = 'v21.0';

/** A message template as Graph lists it under the business account. */
export type WhatsappTemplate = {
  id: string;
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  components: { type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS'; format?: string; text?: string }[];
};

export type WhatsappFailure = InjectedFailure | 'pair_rate_limit';

export type WhatsappSimulatorOptions = {
  phoneNumberId?: string;
  businessAccountId?: string;
  displayPhoneNumber?: string;
  accessToken?: string;
  appSecret?: string;
  templates?: WhatsappTemplate[];
  /** Sends sent → delivered → read for each accepted message this many ms apart; absent: tests report them. */
  autoStatusMs?: number;
  /** Messages a second the number accepts (Cloud API: 80); beyond it, error 130429. Absent: no limit. */
  messagesPerSecond?: number;
};

export type WhatsappSimulator = ProviderSimulator & {
  failNext(failure: WhatsappFailure, times?: number): void;
  /** Outside the 24-hour window every free-form message answers 131047; templates still go. */
  setWindowOpen(open: boolean): void;
  /** Posts these bytes to our webhook, signed with the app secret unless a signature is given (null: none). */
  postWebhook(body: string, signature?: string | null): Promise<number>;
  /** The envelope bytes (Meta's escaping) of one change value, as the customer's messages are sent. */
  envelope(value: Record<string, unknown>): string;
  templates: WhatsappTemplate[];
  /** The options of an interactive message of ours (list rows or reply buttons), by its wamid; [] when none. */
  options(providerMessageId: string): { id: string; title: string }[];
  /**
   * The customer picks an option of our interactive message (it must be one shown there): the message Meta
   * sends (`interactive.list_reply` or `button_reply`), signed; its bytes are returned so a test may post them again.
   */
  customerPicks(
    providerMessageId: string,
    optionId: string,
    from: string,
  ): Promise<{ status: number; providerMessageId: string; body: string }>;
  /** How many sends were refused for exceeding `messagesPerSecond`. */
  readonly throttled: number;
};

const DEFAULT_TEMPLATES: WhatsappTemplate[] = [
  {
    id: '1001',
    name: 'order_update',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido' },
      { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.' },
      { type: 'FOOTER', text: 'ACME' },
    ],
  },
  {
    id: '1002',
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hello! We are here to help.' }],
  },
  {
    id: '1003',
    name: 'black_friday',
    language: 'pt_BR',
    status: 'REJECTED',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Promoção {{1}}!' }],
  },
];

/** Meta's JSON: non-ASCII as lowercase \uXXXX and `/` as `\/` — the bytes signed are the bytes sent. */
export const metaJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const graphError = (code: number, message: string, extra: Record<string, unknown> = {}) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    ...extra,
    fbtrace_id: randomBytes(9).toString('base64url'),
  },
});

const FAILURES: Record<WhatsappFailure, { status: number; body: () => unknown }> = {
  rate_limit: {
    status: 400,
    body: () =>
      graphError(130429, '(#130429) Rate limit hit', {
        error_data: {
          messaging_product: 'whatsapp',
          details: 'Cloud API message throughput has been reached.',
        },
      }),
  },
  pair_rate_limit: {
    status: 400,
    body: () =>
      graphError(131056, '(#131056) (Business Account, Consumer Account) pair rate limit hit', {
        error_data: {
          messaging_product: 'whatsapp',
          details:
            'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
        },
      }),
  },
  expired_token: {
    status: 401,
    body: () =>
      graphError(
        190,
        'Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST. The current time is Friday, 27-Nov-26 11:00:00 PST.',
        { error_subcode: 463 },
      ),
  },
  window_closed: {
    status: 400,
    body: () =>
      graphError(131047, '(#131047) Re-engagement message', {
        error_data: {
          messaging_product: 'whatsapp',
          details:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
      }),
  },
  server_error: {
    status: 500,
    body: () => graphError(1, 'An unknown error has occurred.'),
  },
};

/** Known asynchronous failures a status callback may carry (reportStatus(id, 'failed', '<code>')). */
const STATUS_ERRORS: Record<string, { title: string; details: string }> = {
  '131047': {
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  '131026': { title: 'Message undeliverable', details: 'Unable to deliver message.' },
};

type StoredMedia = { data: Buffer; contentType: string; filename: string | null };
type Sent = ReturnType<ProviderSimulator['sent']>[number];

const wamid = () => `wamid.HBgL${randomBytes(18).toString('base64url')}`;
const mediaId = () => String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startWhatsappSimulator(
  options: WhatsappSimulatorOptions = {},
): Promise<WhatsappSimulator> {
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const businessAccountId = options.businessAccountId ?? '102290129340398';
  const displayPhoneNumber = options.displayPhoneNumber ?? '15550001234';
  const accessToken = options.accessToken ?? `EAAG${randomBytes(24).toString('hex')}`;
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const templates = options.templates ?? structuredClone(DEFAULT_TEMPLATES);
  const calls: ReceivedCall[] = [];
  const sent: Sent[] = [];
  const media = new Map<string, StoredMedia>();
  const failures: WhatsappFailure[] = [];
  let windowOpen = true;
  const interactives = new Map<
    string,
    { type: 'list' | 'button'; options: { id: string; title: string }[] }
  >();
  const throughput = throughputLimit(options.messagesPerSecond);
  let webhookUrl: string | null = null;
  let base = '';

  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };

  const envelope = (value: Record<string, unknown>) =>
    metaJson({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: businessAccountId,
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    });

  async function postWebhook(body: string, signature?: string | null): Promise<number> {
    if (!webhookUrl) throw new Error('webhook URL not set');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signed = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
    if (signature !== null) headers['x-hub-signature-256'] = signature ?? signed;
    const response = await fetch(webhookUrl, { method: 'POST', headers, body });
    await response.arrayBuffer();
    return response.status;
  }

  async function sendMessage(response: ServerResponse, body: Record<string, unknown>) {
    const to = typeof body.to === 'string' ? body.to.replace(/\D/g, '') : '';
    const type = typeof body.type === 'string' ? body.type : 'text';
    if (body.messaging_product !== 'whatsapp' || !to) {
      return reply(response, 400, graphError(100, '(#100) The parameter messaging_product is required.'));
    }
    if (body.status === 'read') return reply(response, 200, { success: true });
    let text: string | null = null;
    let sentMedia: unknown = null;
    let shown: { type: 'list' | 'button'; options: { id: string; title: string }[] } | null = null;
    if (type === 'text') {
      const value = (body.text as { body?: unknown } | undefined)?.body;
      if (typeof value !== 'string' || value === '' || value.length > 4096) {
        return reply(
          response,
          400,
          graphError(100, '(#100) Invalid parameter', { error_data: { details: 'text.body' } }),
        );
      }
      text = value;
    } else if (type === 'template') {
      const template = body.template as
        | {
            name?: string;
            language?: { code?: string };
            components?: { type: string; parameters?: { text?: string }[] }[];
          }
        | undefined;
      const found = templates.find(
        (each) => each.name === template?.name && each.language === template?.language?.code,
      );
      if (!found || found.status !== 'APPROVED') {
        return reply(
          response,
          404,
          graphError(132001, '(#132001) Template name does not exist in the translation', {
            error_data: {
              details: `template name (${template?.name}) does not exist in ${template?.language?.code}`,
            },
          }),
        );
      }
      const bodyText = found.components.find((each) => each.type === 'BODY')?.text ?? '';
      const values = template?.components?.find((each) => each.type === 'body')?.parameters ?? [];
      if (values.length !== templateVariables(bodyText).length) {
        return reply(
          response,
          400,
          graphError(132000, '(#132000) Number of parameters does not match the expected number of params', {
            error_data: {
              details: `body: number of localizable_params (${values.length}) does not match the expected number of params (${templateVariables(bodyText).length})`,
            },
          }),
        );
      }
      text = fillTemplate(
        bodyText,
        values.map((value) => value.text ?? ''),
      );
    } else if (['image', 'document', 'audio', 'video', 'sticker'].includes(type)) {
      const part = body[type] as
        { id?: string; link?: string; caption?: string; filename?: string } | undefined;
      const stored = part?.id ? media.get(part.id) : undefined;
      if (!part || (!stored && !part.link)) {
        return reply(response, 400, graphError(131053, '(#131053) Media upload error'));
      }
      text = part.caption ?? null;
      sentMedia = {
        kind: type,
        id: part.id ?? null,
        filename: part.filename ?? stored?.filename ?? null,
        contentType: stored?.contentType ?? null,
        size: stored?.data.length ?? null,
      };
    } else if (type === 'interactive') {
      const checked = interactiveOf(body.interactive);
      if (typeof checked === 'string') {
        return reply(
          response,
          400,
          graphError(131009, '(#131009) Parameter value is not valid', { error_data: { details: checked } }),
        );
      }
      text = checked.text;
      shown = checked.shown;
    } else {
      return reply(
        response,
        400,
        graphError(100, `(#100) Param type must be one of {TEXT, IMAGE, ...} - got "${type}".`),
      );
    }
    if (!windowOpen && type !== 'template') {
      const failure = FAILURES.window_closed;
      return reply(response, failure.status, failure.body());
    }
    const id = wamid();
    if (shown) interactives.set(id, shown);
    const context = body.context as { message_id?: string } | undefined;
    sent.push({ providerMessageId: id, to, text, media: sentMedia, replyTo: context?.message_id ?? null });
    reply(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [type === 'template' ? { id, message_status: 'accepted' } : { id }],
    });
    if (options.autoStatusMs !== undefined) {
      const step = options.autoStatusMs;
      (['sent', 'delivered', 'read'] as const).forEach((status, index) =>
        setTimeout(() => void reportStatus(id, status).catch(() => undefined), step * (index + 1)),
      );
    }
  }

  /**
   * An interactive list or reply-buttons message as the Cloud API checks it (body ≤ 1024; list: button ≤ 20,
   * 1–10 rows with unique ids ≤ 200 and titles ≤ 24; buttons: 1–3 with titles ≤ 20): its text and options,
   * or what is wrong.
   */
  function interactiveOf(value: unknown) {
    const interactive = value as {
      type?: string;
      body?: { text?: unknown };
      action?: {
        button?: unknown;
        sections?: { title?: unknown; rows?: { id?: unknown; title?: unknown }[] }[];
        buttons?: { type?: string; reply?: { id?: unknown; title?: unknown } }[];
      };
    } | null;
    const text = interactive?.body?.text;
    if (typeof text !== 'string' || text === '' || text.length > 1024) return 'interactive.body.text';
    const valid = (option: { id?: unknown; title?: unknown } | undefined, titleMax: number) =>
      typeof option?.id === 'string' &&
      option.id !== '' &&
      option.id.length <= 200 &&
      typeof option.title === 'string' &&
      option.title !== '' &&
      option.title.length <= titleMax;
    if (interactive?.type === 'list') {
      const button = interactive.action?.button;
      if (typeof button !== 'string' || button === '' || button.length > 20) return 'action.button';
      const sections = interactive.action?.sections ?? [];
      if (sections.length === 0 || sections.length > 10) return 'action.sections';
      if (sections.length > 1 && sections.some((section) => typeof section.title !== 'string')) {
        return 'action.sections.title';
      }
      const rows = sections.flatMap((section) => section.rows ?? []);
      if (rows.length === 0 || rows.length > 10 || !rows.every((row) => valid(row, 24)))
        return 'action.sections.rows';
      const options = rows.map((row) => ({ id: row.id as string, title: row.title as string }));
      if (new Set(options.map((option) => option.id)).size !== options.length)
        return 'action.sections.rows.id';
      return { text, shown: { type: 'list' as const, options } };
    }
    if (interactive?.type === 'button') {
      const buttons = interactive.action?.buttons ?? [];
      if (buttons.length === 0 || buttons.length > 3) return 'action.buttons';
      if (!buttons.every((each) => each.type === 'reply' && valid(each.reply, 20)))
        return 'action.buttons.reply';
      const options = buttons.map((each) => ({
        id: each.reply!.id as string,
        title: each.reply!.title as string,
      }));
      return { text, shown: { type: 'button' as const, options } };
    }
    return 'interactive.type';
  }

  async function upload(response: ServerResponse, request: IncomingMessage, raw: Buffer) {
    const form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    })
      .formData()
      .catch(() => null);
    const file = form?.get('file');
    if (!form || form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob)) {
      return reply(response, 400, graphError(100, '(#100) The parameter file is required.'));
    }
    const id = mediaId();
    const type = String(form.get('type') ?? file.type);
    media.set(id, {
      data: Buffer.from(await file.arrayBuffer()),
      contentType: type,
      filename: file instanceof File ? file.name : null,
    });
    return reply(response, 200, { id });
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const raw = await readBody(request);
      const contentType = request.headers['content-type'] ?? '';
      let body: unknown = null;
      if (contentType.startsWith('application/json')) body = JSON.parse(raw.toString('utf8') || 'null');
      else if (contentType.startsWith('multipart/form-data')) {
        const form = await new Response(new Uint8Array(raw), {
          headers: { 'content-type': contentType },
        }).formData();
        body = Object.fromEntries(
          [...form.entries()].map(([key, value]) => [
            key,
            typeof value === 'string'
              ? value
              : { filename: (value as File).name, type: value.type, size: value.size },
          ]),
        );
      }
      calls.push({
        method: request.method ?? 'GET',
        path: url.pathname + url.search,
        headers: request.headers,
        body,
      });

      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        return reply(response, 401, FAILURES.expired_token.body());
      }
      // The download address a media id resolves to (lookaside.fbsbx.com in production).
      const download = /^\/whatsapp-media\/(\d+)$/.exec(url.pathname);
      if (download) {
        const stored = media.get(download[1]!);
        if (!stored) return reply(response, 404, graphError(100, 'not found'));
        response.writeHead(200, { 'content-type': stored.contentType, 'content-length': stored.data.length });
        return response.end(stored.data);
      }
      const match = new RegExp(`^/${VERSION}/(\\d+)(?:/([a-z_]+))?$`).exec(url.pathname);
      const [, node, edge] = match ?? [];
      const failure = failures.shift();
      if (failure) return reply(response, FAILURES[failure].status, FAILURES[failure].body());
      if (request.method === 'POST' && node === phoneNumberId && edge === 'messages') {
        if (!throughput.take())
          return reply(response, FAILURES.rate_limit.status, FAILURES.rate_limit.body());
        return sendMessage(response, (body ?? {}) as Record<string, unknown>);
      }
      if (request.method === 'POST' && node === phoneNumberId && edge === 'media') {
        return upload(response, request, raw);
      }
      if (request.method === 'GET' && node === phoneNumberId && !edge) {
        return reply(response, 200, {
          verified_name: 'ACME',
          code_verification_status: 'VERIFIED',
          display_phone_number: `+${displayPhoneNumber}`,
          quality_rating: 'GREEN',
          id: phoneNumberId,
        });
      }
      if (request.method === 'GET' && node === businessAccountId && edge === 'message_templates') {
        const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 25) || 25);
        const start = Number(url.searchParams.get('after') ?? 0) || 0;
        const page = templates.slice(start, start + limit);
        const next = start + limit < templates.length ? start + limit : null;
        const nextUrl = new URL(url.pathname, base);
        nextUrl.searchParams.set('limit', String(limit));
        nextUrl.searchParams.set('after', String(next));
        return reply(response, 200, {
          data: page,
          paging: {
            cursors: { before: String(start), after: String(next ?? start + page.length) },
            ...(next === null ? {} : { next: nextUrl.toString() }),
          },
        });
      }
      if (request.method === 'GET' && node && !edge && media.has(node)) {
        const stored = media.get(node)!;
        return reply(response, 200, {
          url: `${base}/whatsapp-media/${node}`,
          mime_type: stored.contentType,
          sha256: createHash('sha256').update(stored.data).digest('hex'),
          file_size: stored.data.length,
          id: node,
          messaging_product: 'whatsapp',
        });
      }
      return reply(
        response,
        400,
        graphError(
          100,
          `Unsupported ${request.method?.toLowerCase()} request. Object with ID '${node ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { error_subcode: 33 },
        ),
      );
    })().catch((error: unknown) => {
      if (!response.headersSent) reply(response, 500, graphError(1, String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function customerWrites(message: CustomerMessage) {
    const id = wamid();
    const entry: Record<string, unknown> = {
      from: message.from,
      id,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    if (message.replyTo) entry.context = { from: displayPhoneNumber, id: message.replyTo };
    if (message.media) {
      const stored = mediaId();
      const { kind, data, contentType, filename } = message.media;
      media.set(stored, { data, contentType, filename });
      const part: Record<string, unknown> = {
        mime_type: contentType,
        sha256: createHash('sha256').update(data).digest('base64'),
        id: stored,
      };
      if (message.text && kind !== 'audio' && kind !== 'sticker') part.caption = message.text;
      if (kind === 'document') part.filename = filename;
      if (kind === 'audio') part.voice = contentType.startsWith('audio/ogg');
      if (kind === 'sticker') part.animated = false;
      Object.assign(entry, { type: kind, [kind]: part });
    } else if (message.location) {
      Object.assign(entry, { type: 'location', location: message.location });
    } else {
      Object.assign(entry, { type: 'text', text: { body: message.text ?? '' } });
    }
    const status = await postWebhook(
      envelope({
        contacts: [{ profile: { name: message.name ?? message.from }, wa_id: message.from }],
        messages: [entry],
      }),
    );
    return { status, providerMessageId: id };
  }

  async function customerPicks(providerMessageId: string, optionId: string, from: string) {
    const shown = interactives.get(providerMessageId);
    const option = shown?.options.find((each) => each.id === optionId);
    if (!shown || !option) throw new Error(`no option ${optionId} in message ${providerMessageId}`);
    const id = wamid();
    const reply =
      shown.type === 'list'
        ? { type: 'list_reply', list_reply: { id: option.id, title: option.title } }
        : { type: 'button_reply', button_reply: { id: option.id, title: option.title } };
    const body = envelope({
      contacts: [{ profile: { name: from }, wa_id: from }],
      messages: [
        {
          context: { from: displayPhoneNumber, id: providerMessageId },
          from,
          id,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'interactive',
          interactive: reply,
        },
      ],
    });
    return { status: await postWebhook(body), providerMessageId: id, body };
  }

  async function reportStatus(
    providerMessageId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: string,
  ): Promise<number> {
    const recipient = sent.find((each) => each.providerMessageId === providerMessageId)?.to ?? '15551230000';
    const update: Record<string, unknown> = {
      id: providerMessageId,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: recipient,
    };
    if (status !== 'failed' && status !== 'read') {
      update.conversation = { id: randomBytes(16).toString('hex'), origin: { type: 'service' } };
      update.pricing = { billable: true, pricing_model: 'CBP', category: 'service' };
    }
    if (status === 'failed') {
      const known = STATUS_ERRORS[error ?? ''];
      update.errors = [
        {
          code: known ? Number(error) : 131000,
          title: known?.title ?? 'Something went wrong',
          message: known?.title ?? 'Something went wrong',
          error_data: { details: known?.details ?? error ?? 'Message failed to send.' },
        },
      ];
    }
    return postWebhook(envelope({ statuses: [update] }));
  }

  return {
    kind: 'whatsapp',
    get throttled() {
      return throughput.refused;
    },
    apiBaseUrl: `${base}/${VERSION}`,
    account: {
      settings: { phone_number_id: phoneNumberId, business_account_id: businessAccountId },
      secrets: { access_token: accessToken, app_secret: appSecret },
      address: `+${displayPhoneNumber}`,
    },
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    customerWrites,
    customerPicks,
    options: (providerMessageId) => structuredClone(interactives.get(providerMessageId)?.options ?? []),
    reportStatus,
    failNext: (failure, times = 1) => {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    setWindowOpen: (open) => {
      windowOpen = open;
    },
    postWebhook,
    envelope,
    templates,
    calls,
    sent: () => [...sent],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
