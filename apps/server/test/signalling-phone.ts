// A signalling-only SIP phone for load tests of the embedded PBX: it speaks SIP to the PBX through its message
// entry point (as one WebSocket connection would), authenticates with digest, and answers, rejects or hangs up
// by the rules its test gives it, with a token SDP (the PBX never reads media). Hundreds of them cost nothing,
// where each real phone (packages/simulators/src/sip-phone) is a process with WebRTC.
import { randomBytes } from 'node:crypto';
import type { Pbx } from '../src/modules/voice/sip/pbx.ts';
import { digestResponse, parseDigest } from '../src/modules/voice/sip/digest.ts';
import {
  cseqOf,
  header,
  parseSip,
  responseTo,
  serializeSip,
  type SipRequest,
  type SipResponse,
} from '../src/modules/voice/sip/message.ts';

const token = () => randomBytes(6).toString('hex');
export const TOKEN_SDP = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 RTP/AVP 0\r\n';

/** An INVITE the phone received, with what it answered. */
export type IncomingCall = { invite: SipRequest; tag: string; status: number | null };

export class SignallingPhone {
  readonly conn: { id: string; send(text: string): void };
  private readonly contact: string;
  private onInvite: (call: IncomingCall) => void = () => undefined;
  private onRequest: (request: SipRequest, call: IncomingCall | undefined) => void = () => undefined;
  private registered: ((response: SipResponse) => void) | null = null;
  /** Calls by Call-ID, from their INVITE on. */
  readonly calls = new Map<string, IncomingCall>();
  private cseq = 1;

  constructor(
    private readonly pbx: Pbx,
    private readonly account: { user: string; domain: string; username: string; password: string },
  ) {
    const id = `sim-${token()}`;
    this.contact = `sip:${id}@${id}.invalid;transport=ws`;
    // The PBX's messages come back on its own turn; the phone answers on the next, as over a socket.
    this.conn = { id, send: (text) => setImmediate(() => this.receive(parseSip(text))) };
  }

  /** REGISTERs, answering the digest challenge. */
  async register(): Promise<void> {
    const uri = `sip:${this.account.domain}`;
    const send = (authorization?: string) =>
      new Promise<SipResponse>((resolve) => {
        this.registered = resolve;
        const headers: [string, string][] = [
          ['to', `<sip:${this.account.user}@${this.account.domain}>`],
          ['contact', `<${this.contact}>;expires=600`],
        ];
        if (authorization) headers.push(['authorization', authorization]);
        this.send(this.request('REGISTER', uri, `reg-${this.conn.id}`, headers));
      });
    const challenge = parseDigest(header(await send(), 'www-authenticate'))!;
    const params = {
      username: this.account.username,
      realm: challenge.realm!,
      nonce: challenge.nonce!,
      uri,
      nc: '00000001',
      cnonce: token(),
    };
    const response = digestResponse({ ...params, password: this.account.password, method: 'REGISTER' });
    const answer = await send(
      `Digest username="${params.username}", realm="${params.realm}", nonce="${params.nonce}", uri="${uri}", ` +
        `response="${response}", qop=auth, nc=${params.nc}, cnonce="${params.cnonce}", algorithm=MD5`,
    );
    if (answer.status !== 200) throw new Error(`${this.account.user}: REGISTER ${answer.status}`);
  }

  /** What the phone does with each new INVITE (answer it, reject it, let it ring…). */
  invited(handler: (call: IncomingCall) => void): void {
    this.onInvite = handler;
  }

  /** Every in-dialog request (ACK, BYE, CANCEL) the phone received, after it answered it. */
  requested(handler: (request: SipRequest, call: IncomingCall | undefined) => void): void {
    this.onRequest = handler;
  }

  /** Answers the call's INVITE: 180, 200 (with the token SDP and the phone's Contact) or an error. */
  respond(call: IncomingCall, status: number): void {
    const response = responseTo(call.invite, status, status < 300 ? 'OK' : 'Failed', [], call.tag);
    if (status === 200) {
      response.headers.set('contact', [`<${this.contact}>`]);
      response.headers.set('content-type', ['application/sdp']);
      response.body = TOKEN_SDP;
    }
    if (status >= 200) call.status = status;
    this.send(response);
  }

  /** Hangs up an answered call: a BYE in its dialog. */
  bye(call: IncomingCall): void {
    const invite = call.invite;
    this.send(
      this.request('BYE', header(invite, 'contact')!.replace(/^<|>$/g, ''), header(invite, 'call-id')!, [
        ['from', `${header(invite, 'to')};tag=${call.tag}`],
        ['to', header(invite, 'from')!],
      ]),
    );
  }

  private request(method: string, uri: string, callId: string, extra: [string, string][]): SipRequest {
    const headers = new Map<string, string[]>([
      ['via', [`SIP/2.0/WS ${this.conn.id}.invalid;branch=z9hG4bK${token()}`]],
      ['max-forwards', ['70']],
      ['from', [`<sip:${this.account.user}@${this.account.domain}>;tag=${token()}`]],
      ['call-id', [callId]],
      ['cseq', [`${this.cseq++} ${method}`]],
    ]);
    for (const [name, value] of extra) headers.set(name, [value]);
    return { kind: 'request', method, uri, headers, body: '' };
  }

  private send(message: SipRequest | SipResponse): void {
    this.pbx.receive(this.conn, serializeSip(message));
  }

  private receive(message: SipRequest | SipResponse): void {
    if (message.kind === 'response') {
      if (cseqOf(message).method === 'REGISTER' && message.status >= 200) this.registered?.(message);
      return;
    }
    const callId = header(message, 'call-id')!;
    if (message.method === 'INVITE') {
      const call: IncomingCall = { invite: message, tag: token(), status: null };
      this.calls.set(callId, call);
      return this.onInvite(call);
    }
    const call = this.calls.get(callId);
    if (message.method !== 'ACK') {
      this.send(responseTo(message, call || message.method === 'OPTIONS' ? 200 : 481, 'OK'));
      // A CANCEL ends the INVITE it cancels with 487.
      if (message.method === 'CANCEL' && call && call.status === null) this.respond(call, 487);
    }
    this.onRequest(message, call);
  }

  /** Unregisters. */
  stop(): void {
    this.pbx.closed(this.conn);
  }
}
