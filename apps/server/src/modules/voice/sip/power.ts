// Power-dial calls of the embedded PBX (issue 27): the PBX itself places them, as a back-to-back user agent of
// two dialogs. It INVITEs the customer without an offer (late offer, RFC 3725 flow I); the customer's 200 OK
// carries the offer, which the PBX hands to a free operator of the campaign in an INVITE of its own
// (X-Atende-Trigger: answered: the console auto-answers it); the operator's answer goes back in the ACK to the
// customer. Both dialogs share the customer's Call-ID (our From tag tells them apart), so the operator's
// console finds the call's record by the Call-ID its phone sees. Nobody free within ABANDON_SECONDS: the customer is hung up on (abandoned: the record shows a call
// answered by the customer and by no operator). In-dialog BYEs are passed from one dialog to the other.
// A leg given up while its INVITE is still open (CANCEL sent) may yet answer 2xx — the CANCEL and the 200 crossed
// on the wire (RFC 3261 §9.1): that late answer is ACKed and hung up at once, or its phone would stay in a call
// nobody ends (an operator whose customer already left, a customer nobody talks to).
import { ABANDON_SECONDS, CAMPAIGN_RING_SECONDS, type HangupCause, type HangupSide } from '@atende/contract';
import { randomBytes } from 'node:crypto';
import { cseqOf, header, headerParam, addressUri, type SipRequest, type SipResponse } from './message.ts';

export type PowerParty = {
  conn: { id: string; send(text: string): void };
  companyId: string;
  userId: string | null;
  user: string;
  contact: string;
};

type Leg = {
  callId: string;
  tag: string;
  to: string;
  uri: string;
  cseq: number;
  invite: SipRequest;
  party: PowerParty;
  /** Their tag and contact, once they answered. */
  remoteTag?: string;
  remoteTarget?: string;
  answered: boolean;
  /** Whether their 2xx got its ACK (the customer's waits for the operator's answer, which it carries). */
  acked: boolean;
};

type PowerCall = {
  companyId: string;
  detailId: string;
  domain: string;
  customer: Leg;
  agent: Leg | null;
  /** The operators who may take it (the campaign's active participants). */
  eligible: Set<string>;
  refused: Set<string>;
  offer: string;
  wrapUpSeconds: number;
  ringTimer?: NodeJS.Timeout;
  abandonTimer?: NodeJS.Timeout;
  retryTimer?: NodeJS.Timeout;
  ended: boolean;
};

export type PowerInternals = {
  host: string;
  via(branch: string): string;
  send(conn: PowerParty['conn'], message: SipRequest | SipResponse): void;
  reply(conn: PowerParty['conn'], request: SipRequest, status: number, reason: string): void;
  /** A registered customer by number, if any. */
  customer(companyId: string, number: string): PowerParty | undefined;
  /** A free operator among `userIds` (registered, not on a call, not wrapping up). */
  freeOperator(companyId: string, userIds: Set<string>): PowerParty | undefined;
  started(call: { companyId: string; callId: string; number: string }): void;
  answered(call: { companyId: string; callId: string }): void;
  handed(call: { companyId: string; callId: string; userId: string }): void;
  ended(
    call: { companyId: string; callId: string; operator: PowerParty | null; wrapUpSeconds: number },
    end: { side: HangupSide; cause: HangupCause; sipStatus?: number },
  ): void;
};

const token = () => randomBytes(8).toString('hex');
/** How long a cancelled leg's INVITE may still answer (RFC 3261 Timer B, 64·T1). */
const LATE_ANSWER_MS = 32_000;
const branch = () => `z9hG4bK${randomBytes(10).toString('hex')}`;

export function createPowerCalls(pbx: PowerInternals) {
  /** By the Call-ID both legs share. */
  const calls = new Map<string, PowerCall>();
  /** Legs cancelled before their final response, by Call-ID and our tag, until it comes (or Timer B passes). */
  const cancelled = new Map<string, { leg: Leg; timer: NodeJS.Timeout }>();
  const legKey = (callId: string, tag: string | undefined) => `${callId};${tag ?? ''}`;
  const contact = `<sip:pbx@${pbx.host};transport=ws>`;

  /**
   * A request in (or, for CANCEL and the ACK of an error, within the INVITE transaction of) a leg: those two
   * reuse the INVITE's branch (RFC 3261 §9.1, §17.1.1.3); a CANCEL carries no To tag.
   */
  function request(leg: Leg, method: string, extra: [string, string][] = [], body = ''): SipRequest {
    const sameTransaction = method === 'CANCEL' || (method === 'ACK' && !leg.answered);
    const headers = new Map<string, string[]>([
      ['via', [sameTransaction ? leg.invite.headers.get('via')![0]! : pbx.via(branch())]],
      ['max-forwards', ['70']],
      ['from', [`${leg.invite.headers.get('from')![0]!}`]],
      ['to', [leg.remoteTag && method !== 'CANCEL' ? `${leg.to};tag=${leg.remoteTag}` : leg.to]],
      ['call-id', [leg.callId]],
      ['cseq', [`${method === 'ACK' || method === 'CANCEL' ? 1 : ++leg.cseq} ${method}`]],
      ['contact', [contact]],
    ]);
    for (const [name, value] of extra) headers.set(name, [value]);
    const uri = sameTransaction ? leg.uri : (leg.remoteTarget ?? leg.uri);
    return { kind: 'request', method, uri, headers, body };
  }

  function invite(
    companyId: string,
    party: PowerParty,
    from: string,
    to: string,
    extra: [string, string][],
    body: string,
    callId = `${token()}@${pbx.host}`,
  ): Leg {
    const tag = token();
    const headers = new Map<string, string[]>([
      ['via', [pbx.via(branch())]],
      ['max-forwards', ['70']],
      ['from', [`${from};tag=${tag}`]],
      ['to', [to]],
      ['call-id', [callId]],
      ['cseq', ['1 INVITE']],
      ['contact', [contact]],
      ['allow', ['INVITE, ACK, CANCEL, BYE, OPTIONS']],
      ...extra.map(([name, value]): [string, string[]] => [name, [value]]),
    ]);
    if (body) headers.set('content-type', ['application/sdp']);
    const sent: SipRequest = { kind: 'request', method: 'INVITE', uri: party.contact, headers, body };
    pbx.send(party.conn, sent);
    return {
      callId,
      tag,
      to,
      uri: party.contact,
      cseq: 1,
      invite: sent,
      party,
      answered: false,
      acked: false,
    };
  }

  /**
   * Ends our part in a leg, whatever its state: a talking leg gets a BYE (a 2xx not yet ACKed — the customer's
   * late offer — first its ACK, with no answer); a ringing one a CANCEL, the leg kept until its final response.
   */
  function hangUp(leg: Leg) {
    if (!leg.answered) {
      pbx.send(leg.party.conn, request(leg, 'CANCEL'));
      const key = legKey(leg.callId, leg.tag);
      cancelled.set(key, { leg, timer: setTimeout(() => cancelled.delete(key), LATE_ANSWER_MS) });
      return;
    }
    if (!leg.acked) ack(leg);
    pbx.send(leg.party.conn, request(leg, 'BYE'));
  }

  function ack(leg: Leg, answer = '') {
    leg.acked = true;
    const extra: [string, string][] = answer ? [['content-type', 'application/sdp']] : [];
    pbx.send(leg.party.conn, request(leg, 'ACK', extra, answer));
  }

  /** The final response of a leg we cancelled: an error is ACKed; a 2xx that crossed our CANCEL, ACKed and hung up. */
  function lateResponse(leg: Leg, message: SipResponse) {
    if (message.status < 200) return;
    const key = legKey(leg.callId, leg.tag);
    clearTimeout(cancelled.get(key)?.timer);
    cancelled.delete(key);
    leg.remoteTag = headerParam(header(message, 'to'), 'tag');
    if (message.status >= 300) return pbx.send(leg.party.conn, request(leg, 'ACK'));
    leg.answered = true;
    leg.remoteTarget = addressUri(header(message, 'contact')) || leg.uri;
    hangUp(leg);
  }

  function end(call: PowerCall, result: { side: HangupSide; cause: HangupCause; sipStatus?: number }) {
    if (call.ended) return;
    call.ended = true;
    clearTimeout(call.ringTimer);
    clearTimeout(call.abandonTimer);
    clearTimeout(call.retryTimer);
    calls.delete(call.customer.callId);
    pbx.ended(
      {
        companyId: call.companyId,
        callId: call.customer.callId,
        operator: call.agent?.answered ? call.agent.party : null,
        wrapUpSeconds: call.wrapUpSeconds,
      },
      result,
    );
  }

  /** A free eligible operator gets the answered customer; none within ABANDON_SECONDS abandons it. */
  function hand(call: PowerCall) {
    if (call.ended || call.agent) return;
    const eligible = new Set([...call.eligible].filter((id) => !call.refused.has(id)));
    const operator = pbx.freeOperator(call.companyId, eligible);
    if (!operator) {
      call.retryTimer = setTimeout(() => hand(call), 200);
      return;
    }
    clearTimeout(call.retryTimer);
    call.agent = invite(
      call.companyId,
      operator,
      `<sip:${call.customer.party.user}@${call.domain}>`,
      `<sip:${operator.user}@${call.domain}>`,
      [
        ['x-atende-call-type', '2'],
        ['x-atende-campaign-detail', call.detailId],
        ['x-atende-trigger', 'answered'],
      ],
      call.offer,
      call.customer.callId,
    );
    pbx.handed({ companyId: call.companyId, callId: call.customer.callId, userId: operator.userId! });
  }

  function abandon(call: PowerCall) {
    if (call.ended || call.agent?.answered) return;
    if (call.agent) {
      hangUp(call.agent);
      call.agent = null;
    }
    // The customer's late offer still needs its ACK (without an answer) before the BYE that ends it.
    hangUp(call.customer);
    end(call, { side: 'system', cause: 'failed' });
  }

  function customerResponse(call: PowerCall, message: SipResponse) {
    const leg = call.customer;
    if (message.status < 200 || leg.answered) return;
    if (message.status >= 300) {
      leg.remoteTag = headerParam(header(message, 'to'), 'tag');
      pbx.send(leg.party.conn, request(leg, 'ACK'));
      const status = message.status;
      const cause: HangupCause =
        status === 486 || status === 600
          ? 'busy'
          : status === 487 || status === 408 || status === 480
            ? 'no_answer'
            : 'failed';
      return end(call, { side: cause === 'busy' ? 'customer' : 'system', cause, sipStatus: status });
    }
    clearTimeout(call.ringTimer);
    leg.answered = true;
    leg.remoteTag = headerParam(header(message, 'to'), 'tag');
    leg.remoteTarget = addressUri(header(message, 'contact')) || leg.uri;
    call.offer = message.body;
    pbx.answered({ companyId: call.companyId, callId: leg.callId });
    call.abandonTimer = setTimeout(() => abandon(call), ABANDON_SECONDS * 1000);
    hand(call);
  }

  function agentResponse(call: PowerCall, message: SipResponse) {
    const leg = call.agent!;
    if (message.status < 200 || leg.answered) return;
    leg.remoteTag = headerParam(header(message, 'to'), 'tag');
    if (message.status >= 300) {
      pbx.send(leg.party.conn, request(leg, 'ACK'));
      if (leg.party.userId) call.refused.add(leg.party.userId);
      call.agent = null;
      return hand(call);
    }
    clearTimeout(call.abandonTimer);
    leg.answered = true;
    leg.remoteTarget = addressUri(header(message, 'contact')) || leg.uri;
    ack(leg);
    ack(call.customer, message.body);
  }

  return {
    /**
     * Places a power call to the customer `number` for the attempt; false when no phone of that number is
     * registered (the call's record says so at once).
     */
    originate(input: {
      companyId: string;
      domain: string;
      number: string;
      detailId: string;
      eligible: string[];
      wrapUpSeconds: number;
      /** The Call-ID the attempt already holds (so a restart never dials it again). */
      callId: string;
    }): string {
      const customer = pbx.customer(input.companyId, input.number);
      const callId = input.callId;
      if (!customer) {
        pbx.started({ companyId: input.companyId, callId, number: input.number });
        pbx.ended(
          { companyId: input.companyId, callId, operator: null, wrapUpSeconds: 0 },
          { side: 'system', cause: 'unavailable', sipStatus: 480 },
        );
        return callId;
      }
      const leg = invite(
        input.companyId,
        customer,
        `<sip:campanha@${input.domain}>`,
        `<sip:${input.number}@${input.domain}>`,
        [],
        '',
        callId,
      );
      const call: PowerCall = {
        companyId: input.companyId,
        detailId: input.detailId,
        domain: input.domain,
        customer: leg,
        agent: null,
        eligible: new Set(input.eligible),
        refused: new Set(),
        offer: '',
        wrapUpSeconds: input.wrapUpSeconds,
        ended: false,
      };
      calls.set(leg.callId, call);
      pbx.started({ companyId: input.companyId, callId: leg.callId, number: input.number });
      call.ringTimer = setTimeout(() => {
        if (leg.answered || call.ended) return;
        hangUp(leg);
        end(call, { side: 'system', cause: 'no_answer', sipStatus: 408 });
      }, CAMPAIGN_RING_SECONDS * 1000);
      return leg.callId;
    },

    /** A response to one of our requests, if it is a power call's; true when handled. */
    response(message: SipResponse): boolean {
      const callId = header(message, 'call-id') ?? '';
      const ourTag = headerParam(header(message, 'from'), 'tag');
      const late = cancelled.get(legKey(callId, ourTag));
      if (late && cseqOf(message).method === 'INVITE') {
        lateResponse(late.leg, message);
        return true;
      }
      const call = calls.get(callId);
      if (!call) return false;
      if (cseqOf(message).method !== 'INVITE') return true;
      if (ourTag === call.customer.tag) customerResponse(call, message);
      else if (ourTag === call.agent?.tag) agentResponse(call, message);
      return true;
    },

    /** An in-dialog request of a power call; true when handled. */
    request(conn: PowerParty['conn'], message: SipRequest): boolean {
      const call = calls.get(header(message, 'call-id') ?? '');
      if (!call) return false;
      if (message.method === 'ACK') return true;
      const ourTag = headerParam(header(message, 'to'), 'tag');
      if (ourTag !== call.customer.tag && ourTag !== call.agent?.tag) return false;
      const fromCustomer = ourTag === call.customer.tag;
      if (message.method !== 'BYE') {
        pbx.reply(
          conn,
          message,
          message.method === 'INVITE' ? 488 : 200,
          message.method === 'INVITE' ? 'Not Acceptable Here' : 'OK',
        );
        return true;
      }
      pbx.reply(conn, message, 200, 'OK');
      const other = fromCustomer ? call.agent : call.customer;
      if (other) hangUp(other);
      end(call, { side: fromCustomer ? 'customer' : 'operator', cause: 'normal' });
      return true;
    },

    /** Whether the connection takes part in a power call now. */
    busy(conn: PowerParty['conn']): boolean {
      for (const call of calls.values()) {
        if (call.customer.party.conn === conn || call.agent?.party.conn === conn) return true;
      }
      return false;
    },

    /** Lines of the company in progress (ringing or being handed). */
    lines(companyId: string): number {
      return new Set(
        [...calls.values()].filter((call) => call.companyId === companyId && !call.agent?.answered),
      ).size;
    },

    closed(conn: PowerParty['conn']): void {
      for (const call of new Set(calls.values())) {
        if (call.customer.party.conn === conn || call.agent?.party.conn === conn) {
          // The other end hears of it: a phone gone never hangs up on its own.
          const other = call.customer.party.conn === conn ? call.agent : call.customer;
          if (other && other.party.conn !== conn) hangUp(other);
          end(call, { side: call.customer.party.conn === conn ? 'customer' : 'operator', cause: 'failed' });
        }
      }
    },

    stop(): void {
      for (const call of calls.values()) {
        clearTimeout(call.ringTimer);
        clearTimeout(call.abandonTimer);
        clearTimeout(call.retryTimer);
      }
      calls.clear();
      for (const entry of cancelled.values()) clearTimeout(entry.timer);
      cancelled.clear();
    },
  };
}
