// The power-call signalling (power.ts) message by message, with both ends played by hand so that the orders a
// real phone only produces now and then are forced: a customer's hang-up crossing the operator's answer, an
// operator answering as the abandon fires, a phone's connection lost mid-call. Whatever the order, the other
// phone is told (BYE, or CANCEL then ACK and BYE of a 2xx that crossed it) and nobody stays in a call alone.
import { ABANDON_SECONDS } from '@atende/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cseqOf,
  header,
  headerParam,
  parseSip,
  responseTo,
  serializeSip,
  type SipRequest,
} from './message.ts';
import { createPowerCalls, type PowerInternals, type PowerParty } from './power.ts';

const COMPANY = 'company-1';
const OFFER = 'v=0\r\no=customer\r\n';
const ANSWER = 'v=0\r\no=operator\r\n';

/** A phone's connection: what the PBX sent it, parsed. */
function phone(id: string, user: string, userId: string | null = null) {
  const received: SipRequest[] = [];
  const party: PowerParty = {
    conn: {
      id,
      send: (text) => {
        const message = parseSip(text);
        if (message.kind === 'request') received.push(message);
      },
    },
    companyId: COMPANY,
    userId,
    user,
    contact: `sip:${id}@${id}.invalid;transport=ws`,
  };
  const last = (method: string) => received.findLast((message) => message.method === method);
  return { party, received, last, methods: () => received.map((message) => message.method) };
}
type Phone = ReturnType<typeof phone>;

let customer: Phone;
let operator: Phone;
let ended: { side: string; cause: string; operator: string | null }[];
let power: ReturnType<typeof createPowerCalls>;

beforeEach(() => {
  vi.useFakeTimers();
  customer = phone('c1', '5511900000001');
  operator = phone('o1', '1001', 'user-1');
  ended = [];
  const onCall = new Set<string>();
  const internals: PowerInternals = {
    host: 'pbx.test',
    via: (branch) => `SIP/2.0/WS pbx.test;branch=${branch}`,
    send: (conn, message) => conn.send(serializeSip(message)),
    reply: (conn, request, status, reason) => conn.send(serializeSip(responseTo(request, status, reason))),
    customer: (_, number) => (number === customer.party.user ? customer.party : undefined),
    freeOperator: (_, userIds) =>
      userIds.has('user-1') && !power.busy(operator.party.conn) && !onCall.has('o1')
        ? operator.party
        : undefined,
    started: () => undefined,
    answered: () => undefined,
    handed: () => undefined,
    ended: (call, end) => ended.push({ ...end, operator: call.operator?.userId ?? null }),
  };
  power = createPowerCalls(internals);
});
afterEach(() => {
  power.stop();
  vi.useRealTimers();
});

/** The phone's final answer to the PBX's INVITE, with its own tag and Contact. */
function answer(who: Phone, invite: SipRequest, status: number, body = '') {
  const response = responseTo(
    invite,
    status,
    status === 200 ? 'OK' : 'Error',
    [],
    `tag-${who.party.conn.id}`,
  );
  if (status === 200) response.headers.set('contact', [`<${who.party.contact}>`]);
  response.body = body;
  expect(power.response(parseSip(serializeSip(response)) as never)).toBe(true);
}

/** A request the phone sends within its dialog (its tag as From, the PBX's as To). */
function inDialog(who: Phone, invite: SipRequest, method: string) {
  const request: SipRequest = {
    kind: 'request',
    method,
    uri: 'sip:pbx@pbx.test;transport=ws',
    headers: new Map([
      ['via', [`SIP/2.0/WS ${who.party.conn.id}.invalid;branch=z9hG4bKphone${method}`]],
      ['from', [`${header(invite, 'to')};tag=tag-${who.party.conn.id}`]],
      ['to', [header(invite, 'from')!]],
      ['call-id', [header(invite, 'call-id')!]],
      ['cseq', [`7 ${method}`]],
    ]),
    body: '',
  };
  expect(power.request(who.party.conn, request)).toBe(true);
}

/** A power call whose customer answered (late offer) and was handed to the ringing operator. */
function handedCall() {
  power.originate({
    companyId: COMPANY,
    domain: 'demo.atende.sip',
    number: customer.party.user,
    detailId: 'detail-1',
    eligible: ['user-1'],
    wrapUpSeconds: 0,
    callId: 'call-1@campanha',
  });
  const customerInvite = customer.last('INVITE')!;
  expect(customerInvite.body).toBe('');
  answer(customer, customerInvite, 200, OFFER);
  const operatorInvite = operator.last('INVITE')!;
  expect(operatorInvite.body).toBe(OFFER);
  expect(header(operatorInvite, 'x-atende-trigger')).toBe('answered');
  // One Call-ID for both dialogs: the operator's console finds the call's record by it.
  expect(header(operatorInvite, 'call-id')).toBe('call-1@campanha');
  return { customerInvite, operatorInvite };
}

/** The PBX's BYE to a phone is of the dialog its INVITE opened: same Call-ID and tags, a CSeq past the INVITE's. */
function expectByeOf(who: Phone, invite: SipRequest) {
  const bye = who.last('BYE')!;
  expect(bye).toBeDefined();
  expect(bye.uri).toBe(who.party.contact);
  expect(header(bye, 'call-id')).toBe(header(invite, 'call-id'));
  expect(headerParam(header(bye, 'from'), 'tag')).toBe(headerParam(header(invite, 'from'), 'tag'));
  expect(headerParam(header(bye, 'to'), 'tag')).toBe(`tag-${who.party.conn.id}`);
  expect(cseqOf(bye).seq).toBeGreaterThan(cseqOf(invite).seq);
}

describe('power calls', () => {
  it('relays the customer’s hang-up after the hand-over to the operator, in the operator’s dialog', () => {
    const { customerInvite, operatorInvite } = handedCall();
    answer(operator, operatorInvite, 200, ANSWER);
    // The operator's ACK, then the customer's with the operator's answer to its offer.
    expect(operator.methods()).toEqual(['INVITE', 'ACK']);
    expect(customer.methods()).toEqual(['INVITE', 'ACK']);
    expect(customer.last('ACK')!.body).toBe(ANSWER);
    inDialog(customer, customerInvite, 'BYE');
    expect(operator.methods()).toEqual(['INVITE', 'ACK', 'BYE']);
    expectByeOf(operator, operatorInvite);
    expect(ended).toEqual([{ side: 'customer', cause: 'normal', operator: 'user-1' }]);
  });

  it('a customer’s BYE crossing the operator’s answer: CANCEL, then the late 200 is ACKed and hung up', () => {
    const { customerInvite, operatorInvite } = handedCall();
    inDialog(customer, customerInvite, 'BYE');
    expect(operator.methods()).toEqual(['INVITE', 'CANCEL']);
    expect(ended).toEqual([{ side: 'customer', cause: 'normal', operator: null }]);
    // The operator's phone had answered already: its 200 comes after our CANCEL.
    answer(operator, operatorInvite, 200, ANSWER);
    expect(operator.methods()).toEqual(['INVITE', 'CANCEL', 'ACK', 'BYE']);
    expectByeOf(operator, operatorInvite);
    // The operator is free for the next customer.
    expect(power.busy(operator.party.conn)).toBe(false);
  });

  it('an operator answering as the abandon fires is ACKed and hung up; the customer gets ACK then BYE', () => {
    const { operatorInvite } = handedCall();
    vi.advanceTimersByTime(ABANDON_SECONDS * 1000);
    expect(operator.methods()).toEqual(['INVITE', 'CANCEL']);
    expect(customer.methods()).toEqual(['INVITE', 'ACK', 'BYE']);
    expect(ended).toEqual([{ side: 'system', cause: 'failed', operator: null }]);
    answer(operator, operatorInvite, 200, ANSWER);
    expect(operator.methods()).toEqual(['INVITE', 'CANCEL', 'ACK', 'BYE']);
    expectByeOf(operator, operatorInvite);
  });

  it('a cancelled leg’s 487 gets its ACK, in the INVITE’s transaction', () => {
    const { operatorInvite } = handedCall();
    vi.advanceTimersByTime(ABANDON_SECONDS * 1000);
    answer(operator, operatorInvite, 487);
    const ack = operator.last('ACK')!;
    expect(header(ack, 'via')).toBe(header(operatorInvite, 'via'));
    expect(cseqOf(ack)).toEqual({ seq: 1, method: 'ACK' });
    expect(operator.methods()).toEqual(['INVITE', 'CANCEL', 'ACK']);
  });

  it('a phone’s connection lost mid-call hangs up the other', () => {
    const { customerInvite, operatorInvite } = handedCall();
    answer(operator, operatorInvite, 200, ANSWER);
    power.closed(customer.party.conn);
    expectByeOf(operator, operatorInvite);
    expect(ended).toEqual([{ side: 'customer', cause: 'failed', operator: 'user-1' }]);

    // And the customer hears of an operator's lost connection the same way.
    operator.received.length = 0;
    customer.received.length = 0;
    const second = handedCall();
    answer(operator, second.operatorInvite, 200, ANSWER);
    power.closed(operator.party.conn);
    expectByeOf(customer, second.customerInvite);
    expect(header(customer.last('BYE')!, 'call-id')).toBe(header(customerInvite, 'call-id'));
  });
});
