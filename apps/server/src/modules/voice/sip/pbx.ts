// The development PBX (issue 26, item 2): a minimal SIP registrar and stateful proxy over WebSocket, so the
// demo calls with nothing installed. Operators register with their SIP accounts; simulated customers register
// their phone numbers through the company's carrier access (digest username `carrier`). An INVITE reaches a
// registered operator or customer by its user part; a customer calling any other number of the company gets
// the first free operator — one neither on a call nor in the wrap-up after one — or, while every operator is
// busy, waits in the company's queue (182 Queued) until one is free or the ring timeout passes. An operator's
// phone that refuses such a call as busy (486) passes it on to the next free operator. An operator hands a
// call to a free colleague with an in-dialog REFER (RFC 3515, blind transfer as RFC 5589 §6): it goes on to
// the customer, whose phone calls the colleague, and the two records are linked. Every proxied request
// carries our Via and Record-Route, so responses and in-dialog requests (REFER's NOTIFYs too) come back
// through here, and every call leaves a call detail record. Media never passes here: the WebRTC ends exchange
// it directly. State lives in this process (one process serves the embedded mode).
import type { CallDirection, CallTypeId, HangupCause, HangupSide } from '@atende/contract';
import { randomBytes } from 'node:crypto';
import type { CredentialsBox } from '../../../platform/credentials.ts';
import { linkCampaignCall } from '../../campaigns/outcomes.ts';
import type { Db } from '../../../platform/db/database.ts';
import {
  contactByNumber,
  recordCallAnswer,
  recordCallEnd,
  recordCallHandedTo,
  recordCallHold,
  recordCallOperator,
  recordCallStart,
  recordCallTransfer,
} from '../calls.ts';
import { carrierPassword, CARRIER_USERNAME, phoneSettingsByDomain } from '../settings.ts';
import { sipAccountByUsername, sipPassword } from '../sip-accounts.ts';
import { parseDigest, type DigestAuth } from './digest.ts';
import { createPowerCalls } from './power.ts';
import {
  addressUri,
  cloneHeaders,
  cseqOf,
  header,
  headerParam,
  parseSip,
  parseUri,
  responseTo,
  serializeSip,
  type SipRequest,
  type SipResponse,
} from './message.ts';

export type SipConnection = { id: string; send(text: string): void };

type Party = {
  conn: SipConnection;
  companyId: string;
  /** An operator (a user's SIP account) or a customer reached through the carrier access. */
  kind: 'operator' | 'customer';
  userId: string | null;
  /** The user part: an operator's SIP username, a customer's number. */
  user: string;
};
type Registration = Party & { contact: string; expiresAt: number };

type Call = {
  companyId: string;
  callId: string;
  caller: Party;
  /** Who rings or talks; null while the call waits in the queue for a free operator. */
  callee: Registration | null;
  /** The caller's INVITE, forwarded to each operator it rings. */
  request: SipRequest;
  answered: boolean;
  /** A customer's call to the company (not to a named user): any free operator takes it. */
  distributed: boolean;
  /** The company's settings when the call came in. */
  wrapUpSeconds: number;
  ringTimeoutSeconds: number;
  /** Operators whose phones refused this call as busy: it is not offered to them again at once. */
  refused: Set<SipConnection>;
  /** Whether the caller was told the call is queued (182), and the timer that gives up on it meanwhile. */
  queued?: boolean;
  queueTimer?: NodeJS.Timeout;
  /** A REFER the operator sent (to whom), and whether the customer accepted it. */
  referral?: { toUserId: string; toUser: string; customer: Party; accepted: boolean };
};

/** A request this proxy forwarded, by the branch of the Via it added, until its final response. */
type Forwarded = {
  upstream: SipConnection;
  downstream: SipConnection;
  /** The request as received (responses to it are built from it when the proxy answers itself). */
  received: SipRequest;
  /** The request as sent on (a CANCEL or ACK of an INVITE copies its Via, Call-ID, From, To). */
  sent: SipRequest;
  call: Call | null;
  finalSent: boolean;
  timer?: NodeJS.Timeout;
};

/** A customer who accepted a REFER: their next call to the colleague continues the call they were in. */
type PendingTransfer = { toUser: string; fromCallId: string; expiresAt: number };

/** What changed, told once its record is written: a call's record, or the company's operators' states. */
export type PbxChange =
  { kind: 'call'; companyId: string; callId: string } | { kind: 'operators'; companyId: string };

export type PbxOptions = {
  db: Db;
  credentials: CredentialsBox;
  digest: DigestAuth;
  /** Our host as Via and Record-Route name it. */
  host: string;
  secure: boolean;
  onError(error: unknown, what: string): void;
  onChange?(change: PbxChange): void;
};

const REGISTER_EXPIRES = { min: 60, max: 3600, default: 600 } as const;
const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, UPDATE, REFER, NOTIFY, REGISTER';
const CUSTOMER_NUMBER = /^\+?\d{3,20}$/;
/** How long a customer who accepted a REFER has to call the colleague (RFC 3261's 64·T1). */
const TRANSFER_WINDOW_MS = 32_000;

const branchOf = (via: string | undefined) => headerParam(via, 'branch') ?? '';
const tag = () => randomBytes(6).toString('hex');

/** How a final error response ends a call, and which side ended it. */
function endOfFailure(status: number, call: Call): { side: HangupSide; cause: HangupCause } {
  const calleeSide: HangupSide = call.callee?.kind === 'customer' ? 'customer' : 'operator';
  const callerSide: HangupSide = call.caller.kind === 'operator' ? 'operator' : 'customer';
  if (status === 487) return { side: callerSide, cause: 'cancelled' };
  if (status === 486 || status === 600) return { side: calleeSide, cause: 'busy' };
  if (status === 603) return { side: calleeSide, cause: 'rejected' };
  if (status === 408) return { side: 'system', cause: 'no_answer' };
  if (status === 404 || status === 480) return { side: 'system', cause: 'unavailable' };
  return { side: 'system', cause: 'failed' };
}

/** Whether an SDP offer puts the other end on hold (RFC 3264 §8.4). */
const holds = (sdp: string) => /^a=(sendonly|inactive)\s*$/m.test(sdp);

/**
 * Whether an operator wraps up after a call (the console's rule, phone-machine.ts): one they talked, or one
 * they placed, answered or not. An inbound call they never answered leaves nothing to wrap up.
 */
const wrapsUp = (call: Call, party: Party) => call.answered || party === call.caller;

export function createPbx(options: PbxOptions) {
  const { db, credentials, digest } = options;
  const registrations = new Map<string, Registration>();
  const forwarded = new Map<string, Forwarded>();
  /** The proxy's branch of a forwarded INVITE by the caller's branch: CANCEL and the ACK of an error find it. */
  const byCallerBranch = new Map<string, string>();
  const calls = new Map<string, Call>();
  /** Customers' calls waiting for a free operator, in arrival order. */
  const queue: Call[] = [];
  /** Operators in the wrap-up after a call, until when, by company and user. */
  const wrapUps = new Map<string, { since: number; until: number; timer: NodeJS.Timeout }>();
  /** Accepted REFERs by company and customer number. */
  const transfers = new Map<string, PendingTransfer>();
  let handling = Promise.resolve();
  let recording = Promise.resolve();

  const regKey = (companyId: string, user: string) => `${companyId}|${user.toLowerCase()}`;
  const userKey = (companyId: string, userId: string) => `${companyId}|${userId}`;
  const via = (branch: string) => `SIP/2.0/${options.secure ? 'WSS' : 'WS'} ${options.host};branch=${branch}`;
  const recordRoute = `<sip:${options.host};transport=ws;lr>`;

  const send = (conn: SipConnection, message: SipRequest | SipResponse) => conn.send(serializeSip(message));
  const reply = (
    conn: SipConnection,
    request: SipRequest,
    status: number,
    reason: string,
    extra: [string, string][] = [],
  ) => {
    if (request.method !== 'ACK') send(conn, responseTo(request, status, reason, extra, tag()));
  };

  /**
   * CDR writes run in order, after the signalling they follow; a failure is logged, never thrown at SIP. What
   * changed is told once its write is done (and in the same order).
   */
  const record = (what: string, write: () => Promise<unknown>, change?: PbxChange) => {
    recording = recording.then(write).then(
      () => {
        if (change) options.onChange?.(change);
      },
      (error: unknown) => options.onError(error, what),
    );
  };
  const operatorsChanged = (companyId: string) =>
    record('operators', async () => undefined, { kind: 'operators', companyId });

  const live = (registration: Registration | undefined) =>
    registration && registration.expiresAt > Date.now() ? registration : undefined;

  const onCall = (conn: SipConnection) =>
    power.busy(conn) ||
    [...calls.values()].some((call) => call.caller.conn === conn || call.callee?.conn === conn);

  /** Power-dial calls: placed by the PBX itself, each a pair of dialogs (power.ts). */
  const power = createPowerCalls({
    host: options.host,
    via,
    send,
    reply,
    customer: (companyId, number) => {
      const registration = live(registrations.get(regKey(companyId, number)));
      return registration?.kind === 'customer' ? registration : undefined;
    },
    freeOperator: (companyId, userIds) =>
      operatorsOf(companyId).find(
        (registration) => free(registration) && !!registration.userId && userIds.has(registration.userId),
      ),
    started: ({ companyId, callId, number }) =>
      record(
        'call start',
        async () =>
          recordCallStart(db, {
            companyId,
            callId,
            direction: 'outbound',
            typeId: 2,
            fromNumber: 'campanha',
            toNumber: number,
            operatorId: null,
            contactId: await contactByNumber(db, companyId, number),
          }),
        { kind: 'call', companyId, callId },
      ),
    answered: ({ companyId, callId }) =>
      record('call answer', () => recordCallAnswer(db, companyId, callId, null), {
        kind: 'call',
        companyId,
        callId,
      }),
    handed: ({ companyId, callId, userId }) => {
      record('call operator', () => recordCallHandedTo(db, companyId, callId, userId), {
        kind: 'call',
        companyId,
        callId,
      });
      operatorsChanged(companyId);
    },
    ended: ({ companyId, callId, operator, wrapUpSeconds }, end) => {
      if (operator?.userId && wrapUpSeconds > 0) wrapUp(companyId, operator.userId, wrapUpSeconds);
      record('call end', () => recordCallEnd(db, companyId, callId, end), {
        kind: 'call',
        companyId,
        callId,
      });
      operatorsChanged(companyId);
      drain(companyId);
    },
  });

  /** The operator's wrap-up, while it lasts. */
  const wrapUpOf = (party: Party) => {
    const wrapUp = party.userId ? wrapUps.get(userKey(party.companyId, party.userId)) : undefined;
    return wrapUp && wrapUp.until > Date.now() ? wrapUp : null;
  };

  /** A registered operator who may take a new call now: neither on a call nor wrapping up after one. */
  const free = (registration: Registration) =>
    registration.kind === 'operator' &&
    !!live(registration) &&
    !onCall(registration.conn) &&
    wrapUpOf(registration) === null;

  const operatorsOf = (companyId: string) =>
    [...registrations.values()].filter(
      (registration) =>
        registration.companyId === companyId && registration.kind === 'operator' && live(registration),
    );

  /** Authenticates a REGISTER or a new INVITE; answers the challenge itself and returns null when it fails. */
  async function authenticate(conn: SipConnection, request: SipRequest, companyId: string, realm: string) {
    const proxy = request.method !== 'REGISTER';
    const params = parseDigest(header(request, proxy ? 'proxy-authorization' : 'authorization'));
    const challenge = (stale = false): null => {
      const name = proxy ? 'proxy-authenticate' : 'www-authenticate';
      reply(conn, request, proxy ? 407 : 401, proxy ? 'Proxy Authentication Required' : 'Unauthorized', [
        [name, digest.challenge(realm, stale)],
      ]);
      return null;
    };
    if (!params?.username) return challenge();
    const from = parseUri(addressUri(header(request, proxy ? 'from' : 'to')));
    let party: Omit<Party, 'conn'> | null = null;
    let password: string | null = null;
    if (params.username === CARRIER_USERNAME) {
      const settings = await phoneSettingsByDomain(db, realm);
      if (settings && from && CUSTOMER_NUMBER.test(from.user)) {
        party = { companyId, kind: 'customer', userId: null, user: from.user };
        password = carrierPassword(credentials, settings);
      }
    } else {
      const account = await sipAccountByUsername(db, companyId, params.username);
      // An operator registers and calls as their own account only.
      if (account && (!from || proxy || from.user.toLowerCase() === account.username.toLowerCase())) {
        party = { companyId, kind: 'operator', userId: account.userId, user: account.username };
        password = sipPassword(credentials, account);
      }
    }
    if (!party || password === null) {
      reply(conn, request, 403, 'Forbidden');
      return null;
    }
    const verdict = digest.verify(params, { method: request.method, realm, password });
    if (verdict === 'stale') return challenge(true);
    if (verdict !== 'ok') return challenge();
    return { ...party, conn };
  }

  async function register(conn: SipConnection, request: SipRequest) {
    const to = parseUri(addressUri(header(request, 'to')));
    const settings = to && (await phoneSettingsByDomain(db, to.host));
    if (!to || !settings) return reply(conn, request, 404, 'Not Found');
    const party = await authenticate(conn, request, settings.companyId, settings.sipDomain);
    if (!party) return;
    const key = regKey(party.companyId, party.user);
    const contactValue = header(request, 'contact');
    const requested = Number(
      headerParam(contactValue, 'expires') ?? header(request, 'expires') ?? REGISTER_EXPIRES.default,
    );
    if (!contactValue || requested === 0 || contactValue.trim() === '*') {
      if (registrations.get(key)?.conn === conn || contactValue?.trim() === '*') registrations.delete(key);
      reply(conn, request, 200, 'OK');
      if (party.kind === 'operator') operatorsChanged(party.companyId);
      return;
    }
    const expires = Math.min(Math.max(requested, REGISTER_EXPIRES.min), REGISTER_EXPIRES.max);
    const contact = addressUri(contactValue);
    const known = live(registrations.get(key))?.conn === conn;
    registrations.set(key, { ...party, contact, expiresAt: Date.now() + expires * 1000 });
    reply(conn, request, 200, 'OK', [['contact', `<${contact}>;expires=${expires}`]]);
    // A refresh changes nothing; a new operator may take a waiting call.
    if (party.kind === 'operator' && !known) {
      operatorsChanged(party.companyId);
      drain(party.companyId);
    }
  }

  /** The registered user a call names by its user part (never a customer calling another customer). */
  function named(caller: Party, target: string): Registration | undefined {
    const registration = live(registrations.get(regKey(caller.companyId, target)));
    return registration?.kind === 'customer' && caller.kind === 'customer' ? undefined : registration;
  }

  /** The transfer a customer's new call to `target` completes, if they accepted a REFER to it. */
  function takeTransfer(caller: Party, target: string): string | null {
    if (caller.kind !== 'customer') return null;
    const key = regKey(caller.companyId, caller.user);
    const pending = transfers.get(key);
    if (!pending || pending.expiresAt < Date.now() || pending.toUser !== target.toLowerCase()) return null;
    transfers.delete(key);
    return pending.fromCallId;
  }

  async function invite(conn: SipConnection, request: SipRequest) {
    const target = parseUri(request.uri);
    const settings = target && (await phoneSettingsByDomain(db, target.host));
    if (!target || !settings) return reply(conn, request, 404, 'Not Found');
    const callId = header(request, 'call-id')!;
    if (calls.has(callId)) return; // a retransmission of an INVITE being handled
    const caller = await authenticate(conn, request, settings.companyId, settings.sipDomain);
    if (!caller) return;
    send(conn, responseTo(request, 100, 'Trying'));
    const callee = named(caller, target.user);
    // A customer calling the company (no registered user by that name) is for whichever operator is free.
    const distributed = !callee && caller.kind === 'customer';
    if (
      callee?.conn === conn ||
      (!callee && !distributed) ||
      (distributed && !operatorsOf(caller.companyId).length)
    ) {
      return reply(conn, request, 480, 'Temporarily Unavailable');
    }

    const call: Call = {
      companyId: caller.companyId,
      callId,
      caller,
      callee: null,
      request,
      answered: false,
      distributed,
      wrapUpSeconds: settings.wrapUpSeconds,
      ringTimeoutSeconds: settings.ringTimeoutSeconds,
      refused: new Set(),
    };
    calls.set(callId, call);
    const calleeKind = callee?.kind ?? 'operator';
    const direction: CallDirection =
      caller.kind === 'customer' ? 'inbound' : calleeKind === 'customer' ? 'outbound' : 'internal';
    // An operator's campaign call (the console's next-dial) names its attempt: a Smart Trigger call (type 2).
    const campaignDetail = direction === 'outbound' ? header(request, 'x-atende-campaign-detail') : undefined;
    const campaignCall = direction === 'outbound' && header(request, 'x-atende-call-type') === '2';
    const typeId: CallTypeId = direction === 'inbound' ? 0 : campaignCall ? 2 : 1;
    const customer = direction === 'inbound' ? caller.user : direction === 'outbound' ? callee!.user : null;
    const transferredFrom = takeTransfer(caller, target.user);
    record(
      'call start',
      async () =>
        recordCallStart(db, {
          companyId: call.companyId,
          callId,
          direction,
          typeId,
          fromNumber: caller.user,
          toNumber: target.user,
          operatorId: direction === 'inbound' ? (callee?.userId ?? null) : caller.userId,
          contactId: customer ? await contactByNumber(db, call.companyId, customer) : null,
          transferredFrom,
        }).then(() =>
          campaignCall && campaignDetail && caller.userId
            ? linkCampaignCall(db, call.companyId, {
                detailId: campaignDetail,
                callId,
                userId: caller.userId,
              })
            : undefined,
        ),
      { kind: 'call', companyId: call.companyId, callId },
    );
    if (callee) ring(call, callee);
    else offer(call);
    operatorsChanged(call.companyId);
  }

  /** A customer's call to the company: rings the first free operator, or waits in the queue for one. */
  function offer(call: Call) {
    const operator = operatorsOf(call.companyId).find(
      (registration) => free(registration) && !call.refused.has(registration.conn),
    );
    if (operator) return ring(call, operator);
    const operators = operatorsOf(call.companyId);
    if (operators.length === 0) {
      reply(call.caller.conn, call.request, 480, 'Temporarily Unavailable');
      return endCall(call, { side: 'system', cause: 'unavailable', sipStatus: 480 });
    }
    if (operators.every((registration) => call.refused.has(registration.conn))) {
      reply(call.caller.conn, call.request, 486, 'Busy Here');
      return endCall(call, { side: 'operator', cause: 'busy', sipStatus: 486 });
    }
    if (!call.queued) reply(call.caller.conn, call.request, 182, 'Queued');
    call.queued = true;
    call.queueTimer = setTimeout(() => leaveQueue(call, 480), call.ringTimeoutSeconds * 1000);
    queue.push(call);
  }

  /** A queued call gives up: nobody was free within the ring timeout (480), or the customer cancelled (487). */
  function leaveQueue(call: Call, status: 480 | 487) {
    const index = queue.indexOf(call);
    if (index < 0) return;
    queue.splice(index, 1);
    clearTimeout(call.queueTimer);
    reply(
      call.caller.conn,
      call.request,
      status,
      status === 487 ? 'Request Terminated' : 'Temporarily Unavailable',
    );
    endCall(
      call,
      status === 487
        ? { side: 'customer', cause: 'cancelled', sipStatus: 487 }
        : { side: 'system', cause: 'no_answer', sipStatus: 480 },
    );
  }

  /** Operators came free (a call or a wrap-up ended, one registered): the company's waiting calls ring them. */
  function drain(companyId: string) {
    for (const call of [...queue]) {
      if (call.companyId !== companyId) continue;
      const operator = operatorsOf(companyId).find(free);
      if (!operator) return;
      queue.splice(queue.indexOf(call), 1);
      clearTimeout(call.queueTimer);
      ring(call, operator);
    }
  }

  /** Forwards the caller's INVITE to `callee`, its ring bounded by the company's ring timeout. */
  function ring(call: Call, callee: Registration) {
    call.callee = callee;
    if (call.distributed) {
      record('call operator', () => recordCallOperator(db, call.companyId, call.callId, callee.userId), {
        kind: 'call',
        companyId: call.companyId,
        callId: call.callId,
      });
      operatorsChanged(call.companyId);
    }
    const branch = forward(call.caller.conn, callee.conn, call.request, callee.contact, call, true);
    byCallerBranch.set(branchOf(header(call.request, 'via')), branch);
    const entry = forwarded.get(branch)!;
    entry.timer = setTimeout(() => ringTimeout(branch), call.ringTimeoutSeconds * 1000);
  }

  /** Sends a request on with our Via (and Record-Route on a dialog-forming INVITE); answers its branch. */
  function forward(
    from: SipConnection,
    to: SipConnection,
    request: SipRequest,
    uri: string,
    call: Call | null,
    recordRouted = false,
  ): string {
    const branch = `z9hG4bK${randomBytes(10).toString('hex')}`;
    const headers = cloneHeaders(request.headers);
    headers.set('via', [via(branch), ...(headers.get('via') ?? [])]);
    const maxForwards = Number(header(request, 'max-forwards') ?? 70);
    headers.set('max-forwards', [String(maxForwards - 1)]);
    // Our own Route entry (the Record-Route we set) is consumed here.
    const routes = (headers.get('route') ?? []).filter((route) => !route.includes(`sip:${options.host}`));
    if (routes.length > 0) headers.set('route', routes);
    else headers.delete('route');
    if (recordRouted) headers.set('record-route', [recordRoute, ...(headers.get('record-route') ?? [])]);
    const sent: SipRequest = { ...request, uri, headers };
    if (request.method !== 'ACK') {
      forwarded.set(branch, {
        upstream: from,
        downstream: to,
        received: request,
        sent,
        call,
        finalSent: false,
      });
    }
    send(to, sent);
    return branch;
  }

  /** A CANCEL or ACK of a forwarded INVITE, as the proxy sends it downstream itself (RFC 3261 §9.1, §17.1.1.3). */
  function sendOwn(entry: Forwarded, method: 'CANCEL' | 'ACK', to?: string) {
    const { sent } = entry;
    const headers = new Map<string, string[]>([
      ['via', [sent.headers.get('via')![0]!]],
      ['max-forwards', ['70']],
      ['from', [header(sent, 'from')!]],
      ['to', [to ?? header(sent, 'to')!]],
      ['call-id', [header(sent, 'call-id')!]],
      ['cseq', [`${cseqOf(sent).seq} ${method}`]],
    ]);
    send(entry.downstream, { kind: 'request', method, uri: sent.uri, headers, body: '' });
  }

  function ringTimeout(branch: string) {
    const entry = forwarded.get(branch);
    if (!entry || entry.finalSent) return;
    entry.finalSent = true;
    sendOwn(entry, 'CANCEL');
    reply(entry.upstream, entry.received, 480, 'Temporarily Unavailable');
    if (entry.call) endCall(entry.call, { side: 'system', cause: 'no_answer', sipStatus: 480 });
  }

  /** An operator's wrap-up after a call: no call is offered to them until it ends. */
  function startWrapUp(call: Call, party: Party) {
    if (party.kind !== 'operator' || !party.userId || call.wrapUpSeconds <= 0 || !wrapsUp(call, party))
      return;
    wrapUp(call.companyId, party.userId, call.wrapUpSeconds);
  }

  function wrapUp(companyId: string, userId: string, seconds: number) {
    const key = userKey(companyId, userId);
    clearTimeout(wrapUps.get(key)?.timer);
    const timer = setTimeout(() => {
      wrapUps.delete(key);
      operatorsChanged(companyId);
      drain(companyId);
    }, seconds * 1000);
    const now = Date.now();
    wrapUps.set(key, { since: now, until: now + seconds * 1000, timer });
  }

  function endCall(call: Call, end: { side: HangupSide; cause: HangupCause; sipStatus?: number }) {
    if (calls.get(call.callId) !== call) return;
    calls.delete(call.callId);
    clearTimeout(call.queueTimer);
    for (const [branch, entry] of forwarded) {
      if (entry.call === call && entry.finalSent && entry.sent.method === 'INVITE') forwarded.delete(branch);
    }
    for (const [callerBranch, branch] of byCallerBranch) {
      if (!forwarded.has(branch)) byCallerBranch.delete(callerBranch);
    }
    startWrapUp(call, call.caller);
    if (call.callee) startWrapUp(call, call.callee);
    record('call end', () => recordCallEnd(db, call.companyId, call.callId, end), {
      kind: 'call',
      companyId: call.companyId,
      callId: call.callId,
    });
    operatorsChanged(call.companyId);
    drain(call.companyId);
  }

  function cancel(conn: SipConnection, request: SipRequest) {
    const callerBranch = branchOf(header(request, 'via'));
    const waiting = queue.find(
      (call) => call.caller.conn === conn && branchOf(header(call.request, 'via')) === callerBranch,
    );
    if (waiting) {
      reply(conn, request, 200, 'OK');
      return leaveQueue(waiting, 487);
    }
    const branch = byCallerBranch.get(callerBranch);
    const entry = branch ? forwarded.get(branch) : undefined;
    if (!entry || entry.upstream !== conn)
      return reply(conn, request, 481, 'Call/Transaction Does Not Exist');
    reply(conn, request, 200, 'OK');
    if (!entry.finalSent) sendOwn(entry, 'CANCEL');
  }

  /**
   * An operator's REFER to a colleague (RFC 3515): allowed towards a free operator of the company, from the
   * operator's side of a call in progress; the customer's phone answers it (202) and NOTIFYs how it goes.
   */
  function refer(call: Call, sender: Party, other: Party, request: SipRequest): boolean {
    const target = parseUri(addressUri(header(request, 'refer-to')));
    const colleague = target && live(registrations.get(regKey(call.companyId, target.user)));
    if (sender.kind !== 'operator' || !call.answered || other.kind !== 'customer') {
      reply(sender.conn, request, 403, 'Forbidden');
      return false;
    }
    if (!colleague || colleague.kind !== 'operator' || colleague.conn === sender.conn) {
      reply(sender.conn, request, 404, 'Not Found');
      return false;
    }
    if (!free(colleague)) {
      reply(sender.conn, request, 480, 'Temporarily Unavailable');
      return false;
    }
    call.referral = { toUserId: colleague.userId!, toUser: colleague.user, customer: other, accepted: false };
    return true;
  }

  function inDialog(conn: SipConnection, request: SipRequest) {
    const call = calls.get(header(request, 'call-id') ?? '');
    const callee = call?.callee;
    if (!call || !callee || (call.caller.conn !== conn && callee.conn !== conn)) {
      return reply(conn, request, 481, 'Call/Transaction Does Not Exist');
    }
    const sender = call.caller.conn === conn ? call.caller : callee;
    const other = sender === call.caller ? callee : call.caller;
    if (request.method === 'REFER' && !refer(call, sender, other, request)) return;
    forward(conn, other.conn, request, request.uri, call);
    if (request.method === 'BYE') {
      endCall(call, {
        side: sender.kind === 'operator' ? 'operator' : 'customer',
        cause: call.referral?.accepted ? 'transferred' : 'normal',
      });
    } else if (request.method === 'INVITE' && request.body) {
      const held = holds(request.body);
      record('call hold', () => recordCallHold(db, call.companyId, call.callId, held));
    }
  }

  /** The customer accepted the REFER: their next call to the colleague continues this one. */
  function referAccepted(call: Call) {
    const referral = call.referral;
    if (!referral || referral.accepted) return;
    referral.accepted = true;
    transfers.set(regKey(call.companyId, referral.customer.user), {
      toUser: referral.toUser.toLowerCase(),
      fromCallId: call.callId,
      expiresAt: Date.now() + TRANSFER_WINDOW_MS,
    });
    record('call transfer', () => recordCallTransfer(db, call.companyId, call.callId, referral.toUserId), {
      kind: 'call',
      companyId: call.companyId,
      callId: call.callId,
    });
  }

  function response(conn: SipConnection, message: SipResponse) {
    if (power.response(message)) return;
    const vias = message.headers.get('via') ?? [];
    const branch = branchOf(vias[0]);
    const method = cseqOf(message).method;
    const entry = forwarded.get(branch);
    if (!entry || entry.downstream !== conn) return;
    if (method === 'CANCEL' && entry.received.method !== 'CANCEL') return; // the answer to our own CANCEL
    const final = message.status >= 200;
    const headers = cloneHeaders(message.headers);
    headers.set('via', vias.slice(1));
    const upstream: SipResponse = { ...message, headers };
    if (method !== 'INVITE' || !entry.call || entry.received.headers.get('to')?.[0]?.includes('tag=')) {
      // A response to an in-dialog request (BYE, re-INVITE, REFER…): through, its transaction done when final.
      if (final) forwarded.delete(branch);
      if (method === 'REFER' && entry.call && message.status >= 200 && message.status < 300) {
        referAccepted(entry.call);
      }
      return send(entry.upstream, upstream);
    }
    const call = entry.call;
    if (!final) {
      if (message.status !== 100 && !entry.finalSent) send(entry.upstream, upstream);
      return;
    }
    clearTimeout(entry.timer);
    if (message.status < 300) {
      // 2xx: the caller ACKs end to end; retransmissions pass through until then.
      if (!call.answered) {
        call.answered = true;
        const operatorId = call.callee?.kind === 'operator' ? call.callee.userId : null;
        record('call answer', () => recordCallAnswer(db, call.companyId, call.callId, operatorId), {
          kind: 'call',
          companyId: call.companyId,
          callId: call.callId,
        });
        operatorsChanged(call.companyId);
      }
      if (!entry.finalSent || calls.has(call.callId)) send(entry.upstream, upstream);
      entry.finalSent = true;
      return;
    }
    // An error ends the INVITE here: the proxy ACKs it downstream and passes it up unless it answered already.
    sendOwn(entry, 'ACK', header(message, 'to'));
    forwarded.delete(branch);
    if (entry.finalSent) return;
    entry.finalSent = true;
    if (calls.get(call.callId) !== call) return send(entry.upstream, upstream);
    if (call.distributed && message.status === 486) {
      // This operator's phone is busy (its own call, its wrap-up): the call goes to another, or waits.
      byCallerBranch.delete(branchOf(header(call.request, 'via')));
      call.refused.add(conn);
      call.callee = null;
      return offer(call);
    }
    send(entry.upstream, upstream);
    endCall(call, { ...endOfFailure(message.status, call), sipStatus: message.status });
  }

  async function handle(conn: SipConnection, raw: string) {
    let message;
    try {
      message = parseSip(raw);
    } catch {
      return; // not SIP: RFC 7118 leaves it to be dropped
    }
    if (message.kind === 'response') return response(conn, message);
    const inDialogRequest = Boolean(headerParam(header(message, 'to'), 'tag'));
    if ((inDialogRequest || message.method === 'ACK') && power.request(conn, message)) return;
    switch (message.method) {
      case 'REGISTER':
        return register(conn, message);
      case 'CANCEL':
        return cancel(conn, message);
      case 'ACK':
        // A 2xx's ACK goes on to the other end; an error's (its call already over) stops here.
        return inDialog(conn, message);
      case 'OPTIONS':
        if (!inDialogRequest) return reply(conn, message, 200, 'OK', [['allow', ALLOW]]);
        return inDialog(conn, message);
      case 'INVITE':
        return inDialogRequest ? inDialog(conn, message) : invite(conn, message);
      case 'BYE':
      case 'INFO':
      case 'UPDATE':
      case 'REFER':
      case 'NOTIFY':
        return inDialogRequest
          ? inDialog(conn, message)
          : reply(conn, message, 481, 'Call/Transaction Does Not Exist');
      default:
        return reply(conn, message, 405, 'Method Not Allowed', [['allow', ALLOW]]);
    }
  }

  return {
    /** One WebSocket message of a connection; messages are handled one at a time, in arrival order. */
    receive(conn: SipConnection, raw: string): void {
      handling = handling
        .then(() => handle(conn, raw))
        .catch((error: unknown) => options.onError(error, 'sip message'));
    },

    /** A connection closed: its registrations go, and its calls end as failed on its side. */
    closed(conn: SipConnection): void {
      handling = handling.then(() => {
        const companies = new Set<string>();
        for (const [key, registration] of registrations) {
          if (registration.conn !== conn) continue;
          registrations.delete(key);
          if (registration.kind === 'operator') companies.add(registration.companyId);
        }
        for (const call of [...calls.values()]) {
          if (call.caller.conn === conn && queue.includes(call)) {
            queue.splice(queue.indexOf(call), 1);
            endCall(call, { side: 'customer', cause: 'failed' });
            continue;
          }
          if (call.caller.conn !== conn && call.callee?.conn !== conn) continue;
          const side =
            (call.caller.conn === conn ? call.caller : call.callee!).kind === 'operator'
              ? 'operator'
              : 'customer';
          endCall(call, { side, cause: 'failed' });
        }
        for (const [branch, entry] of forwarded) {
          if (entry.upstream === conn || entry.downstream === conn) {
            clearTimeout(entry.timer);
            forwarded.delete(branch);
          }
        }
        power.closed(conn);
        for (const companyId of companies) operatorsChanged(companyId);
      });
    },

    /**
     * Places a power-dial call to a customer for a campaign attempt and hands it, answered, to a free operator
     * among `eligible`; returns its SIP Call-ID (its record says how it went).
     */
    originate(input: {
      companyId: string;
      domain: string;
      number: string;
      detailId: string;
      eligible: string[];
      wrapUpSeconds: number;
      callId: string;
    }): string {
      return power.originate(input);
    },

    /** The company's power calls ringing or waiting for an operator now. */
    lines: (companyId: string): number => power.lines(companyId),

    /** Who is registered now (the online operators, the simulated customers), by company. */
    registered(companyId: string): {
      user: string;
      kind: Party['kind'];
      userId: string | null;
      onCall: boolean;
      /** The operator's wrap-up after a call, while it lasts. */
      wrapUp: { since: Date; until: Date } | null;
    }[] {
      return [...registrations.values()]
        .filter((registration) => registration.companyId === companyId && live(registration))
        .map((registration) => {
          const wrapUp = wrapUpOf(registration);
          return {
            user: registration.user,
            kind: registration.kind,
            userId: registration.userId,
            onCall: onCall(registration.conn),
            wrapUp: wrapUp && { since: new Date(wrapUp.since), until: new Date(wrapUp.until) },
          };
        });
    },

    /** Resolves once every message received so far is handled and its call records written. */
    async idle(): Promise<void> {
      await handling;
      await recording;
    },

    stop(): void {
      power.stop();
      for (const entry of forwarded.values()) clearTimeout(entry.timer);
      for (const call of queue) clearTimeout(call.queueTimer);
      for (const wrapUp of wrapUps.values()) clearTimeout(wrapUp.timer);
      forwarded.clear();
      calls.clear();
      queue.length = 0;
      wrapUps.clear();
      transfers.clear();
      registrations.clear();
    },
  };
}

export type Pbx = ReturnType<typeof createPbx>;
