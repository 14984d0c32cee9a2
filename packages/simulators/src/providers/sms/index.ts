// Twilio Programmable Messaging on a loopback port: the Messages resource (Basic auth with the account SID and
// auth token; form To, From | MessagingServiceSid, Body, MediaUrl, StatusCallback → 201 with the message, or
// Twilio's error JSON {code, message, more_info, status}), the Account resource our connection test reads, the
// media of customers' MMS behind Basic auth with a redirect to a CDN address, and customers' messages and status
// callbacks posted form-encoded to our webhook, signed as Twilio signs (X-Twilio-Signature: Base64 HMAC-SHA1 of
// the URL + sorted key+value pairs) — written here on its own, not shared with the server's check.
import { createHmac } from 'node:crypto';
import type { CustomerMessage, InjectedFailure, ProviderSimulator } from '../../provider.ts';
import {
  randomHex,
  startLoopbackServer,
  type LoopbackReply,
  type LoopbackRequest,
} from '../../loopback-server.ts';

export type SmsSimulatorOptions = { accountSid?: string; authToken?: string; fromNumber?: string };

export type SmsSimulator = ProviderSimulator & {
  /** Twilio's signature of a form posted to `url` with `token` (the account's by default). */
  sign(url: string, params: URLSearchParams, token?: string): string;
  /** Posts a form to our webhook signed with `token` (the account's by default): the status answered. */
  post(
    params: URLSearchParams,
    token?: string,
  ): Promise<{ status: number; body: string; type: string | null }>;
};

type SentMedia = { url: string; status: number; contentType: string | null; size: number };
type Sent = {
  sid: string;
  to: string;
  from: string;
  text: string | null;
  media: SentMedia[];
  statusCallback: string | null;
};

const API_VERSION = '2010-04-01';

const twilioError = (status: number, code: number, message: string): LoopbackReply => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const FAILURES: Record<InjectedFailure, LoopbackReply> = {
  rate_limit: twilioError(429, 20429, 'Too Many Requests'),
  expired_token: twilioError(401, 20003, 'Authenticate'),
  window_closed: twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'),
  server_error: twilioError(500, 20500, 'Internal Server Error'),
};

/** Twilio's message statuses for ours (a failure as Twilio reports a carrier's: undelivered). */
const TWILIO_STATUS = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'undelivered' } as const;

export async function startSmsSimulator(options: SmsSimulatorOptions = {}): Promise<SmsSimulator> {
  const accountSid = options.accountSid ?? `AC${randomHex(32)}`;
  const authToken = options.authToken ?? randomHex(32);
  const fromNumber = options.fromNumber ?? '+15550001234';
  const basic = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const media = new Map<string, { data: Buffer; contentType: string }>();
  const sent: Sent[] = [];
  let webhookUrl: string | null = null;
  let origin = '';

  const authorised = (request: LoopbackRequest) => request.headers.authorization === basic;
  const accountPath = `/${API_VERSION}/Accounts/${accountSid}`;

  async function fetchMedia(url: string): Promise<SentMedia> {
    try {
      const response = await fetch(url);
      const data = Buffer.from(await response.arrayBuffer());
      return {
        url,
        status: response.status,
        contentType: response.headers.get('content-type'),
        size: data.length,
      };
    } catch {
      return { url, status: 0, contentType: null, size: 0 };
    }
  }

  async function createMessage(request: LoopbackRequest): Promise<LoopbackReply> {
    const failure = server.takeFailure();
    if (failure) return FAILURES[failure];
    const form = new URLSearchParams(request.raw.toString('utf8'));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body');
    const mediaUrls = form.getAll('MediaUrl');
    if (!/^\+[1-9]\d{7,14}$/.test(to)) {
      return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!from && !service)
      return twilioError(
        400,
        21603,
        "A 'From' or 'MessagingServiceSid' parameter is required to send a message",
      );
    if (!body && mediaUrls.length === 0)
      return twilioError(400, 21619, 'A text message body or media urls must be specified.');
    if (mediaUrls.length > 10) return twilioError(400, 21623, 'Number of media files exceeds allowed limit');
    // Twilio fetches the media before it queues the message; a file it cannot fetch fails the message later.
    const fetched = await Promise.all(mediaUrls.map(fetchMedia));
    const sid = `${mediaUrls.length ? 'MM' : 'SM'}${randomHex(32)}`;
    sent.push({
      sid,
      to,
      from: from || fromNumber,
      text: body,
      media: fetched,
      statusCallback: form.get('StatusCallback'),
    });
    const now = new Date().toUTCString();
    return {
      status: 201,
      body: {
        account_sid: accountSid,
        api_version: API_VERSION,
        body: body ?? '',
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: from || null,
        messaging_service_sid: service,
        num_media: String(mediaUrls.length),
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: { media: `${accountPath}/Messages/${sid}/Media.json` },
        to,
        uri: `${accountPath}/Messages/${sid}.json`,
      },
    };
  }

  const server = await startLoopbackServer(
    async (request) => {
      const cdn = /^\/mms-cdn\/(ME[0-9a-f]{32})$/.exec(request.path);
      if (request.method === 'GET' && cdn) {
        const file = media.get(cdn[1]!);
        return file
          ? { status: 200, body: file.data, headers: { 'content-type': file.contentType } }
          : { status: 404, body: 'not found' };
      }
      if (!request.path.startsWith(accountPath)) {
        return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
      }
      if (!authorised(request)) return twilioError(401, 20003, 'Authenticate');
      if (request.method === 'GET' && request.path === `${accountPath}.json`) {
        return {
          status: 200,
          body: { sid: accountSid, friendly_name: 'Simulated account', status: 'active', type: 'Full' },
        };
      }
      if (request.method === 'POST' && request.path === `${accountPath}/Messages.json`) {
        return createMessage(request);
      }
      const stored = /\/Messages\/M[MS][0-9a-f]{32}\/Media\/(ME[0-9a-f]{32})$/.exec(request.path);
      if (request.method === 'GET' && stored && media.has(stored[1]!)) {
        // As Twilio with HTTP auth on media: a short-lived CDN address, reached without credentials.
        return { status: 307, headers: { location: `${origin}/mms-cdn/${stored[1]}` } };
      }
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    },
    (request) => Object.fromEntries(new URLSearchParams(request.raw.toString('utf8'))),
  );
  origin = server.origin;

  function sign(url: string, params: URLSearchParams, token = authToken): string {
    const keys = [...new Set(params.keys())].sort();
    const data = keys.reduce(
      (acc, key) =>
        acc +
        [...new Set(params.getAll(key))]
          .sort()
          .map((value) => `${key}${value}`)
          .join(''),
      url,
    );
    return createHmac('sha1', token).update(Buffer.from(data, 'utf8')).digest('base64');
  }

  async function post(params: URLSearchParams, token = authToken, url = webhookUrl) {
    if (!url) throw new Error('the SMS simulator has no webhook URL yet (setWebhookUrl)');
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': sign(url, params, token),
        'i-twilio-idempotency-token': randomHex(32),
      },
      body: params.toString(),
    });
    return {
      status: response.status,
      body: await response.text(),
      type: response.headers.get('content-type'),
    };
  }

  return {
    kind: 'sms',
    apiBaseUrl: origin,
    account: {
      settings: { account_sid: accountSid, from_number: fromNumber },
      secrets: { auth_token: authToken },
      address: fromNumber,
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    sign,
    post: (params, token) => post(params, token),
    async customerWrites(message: CustomerMessage) {
      const files = message.media ? [message.media] : [];
      const sid = `${files.length ? 'MM' : 'SM'}${randomHex(32)}`;
      const params = new URLSearchParams({
        ToCountry: 'US',
        ToState: 'CA',
        SmsMessageSid: sid,
        NumMedia: String(files.length),
        ToCity: '',
        FromZip: '',
        SmsSid: sid,
        FromState: '',
        SmsStatus: 'received',
        FromCity: '',
        Body: message.text ?? '',
        FromCountry: 'BR',
        To: fromNumber,
        MessagingServiceSid: '',
        ToZip: '',
        NumSegments: '1',
        MessageSid: sid,
        AccountSid: accountSid,
        From: `+${message.from.replace(/^\+/, '')}`,
        ApiVersion: API_VERSION,
      });
      files.forEach((file, index) => {
        const id = `ME${randomHex(32)}`;
        media.set(id, { data: file.data, contentType: file.contentType });
        params.set(`MediaContentType${index}`, file.contentType);
        params.set(`MediaUrl${index}`, `${origin}${accountPath}/Messages/${sid}/Media/${id}`);
      });
      const { status } = await post(params);
      return { status, providerMessageId: sid };
    },
    async reportStatus(providerMessageId, status, error) {
      const message = sent.find((each) => each.sid === providerMessageId);
      const twilioStatus = TWILIO_STATUS[status];
      const params = new URLSearchParams({
        SmsSid: providerMessageId,
        SmsStatus: twilioStatus,
        MessageStatus: twilioStatus,
        To: message?.to ?? '',
        MessageSid: providerMessageId,
        AccountSid: accountSid,
        From: message?.from ?? fromNumber,
        ApiVersion: API_VERSION,
      });
      if (status === 'failed') params.set('ErrorCode', error && /^\d+$/.test(error) ? error : '30008');
      return (await post(params, authToken, message?.statusCallback ?? webhookUrl)).status;
    },
    failNext: server.failNext,
    calls: server.calls,
    sent: () =>
      sent.map((each) => ({
        providerMessageId: each.sid,
        to: each.to,
        text: each.text,
        media: each.media,
        replyTo: null,
      })),
    close: server.close,
  };
}
