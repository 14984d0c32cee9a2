// `npm run simulate -- --voice`: customers with phones calling the attendants through the running server's
// embedded PBX. Each customer is a real SIP phone (JsSIP over WebSocket with WebRTC audio, its own process:
// @atende/simulators/sip-phone) registered through the company's carrier access; it calls the company
// (`sip:atende@<domain>`, the PBX rings a free attendant), plays its tone and hangs up after a while, and it
// answers the attendants' calls to its number after a few rings, hanging up after a while too.
import { SipPhone, type PhoneEvent } from '@atende/simulators/sip-phone';
import type { openControlClient } from '../platform/control-socket.ts';

type ControlClient = Awaited<ReturnType<typeof openControlClient>>;

type VoiceCarrier = {
  ws_url: string;
  sip_domain: string;
  carrier_password: string;
  customers: { name: string; number: string }[];
};

/** How a customer's call ended: answered (and by whom it was hung up), or the PBX's refusal. */
export type CallOutcome =
  | { answered: true; hungUpBy: 'customer' | 'attendant' }
  | { answered: false; status: number | null; cause: string };

export type VoiceCustomersOptions = {
  /** How many customers have a phone (the company's first customers with a voice number). */
  phones: number;
  /** How long a customer talks before hanging up (if the attendant has not), in ms. */
  talkMs: number;
  /** How long a customer's phone rings before they answer an attendant's call, in ms. */
  ringMs: number;
  log?: (line: string) => void;
};

export type VoiceCustomers = {
  customers: { name: string; number: string }[];
  /** One customer (by turns) calls the company and talks until someone hangs up. */
  call(): Promise<CallOutcome>;
  /** `count` calls one after another, `intervalMs` apart, each logged. */
  run(count: number, intervalMs: number): Promise<void>;
  stop(): Promise<void>;
};

/** The PBX's refusals in words (480: no attendant registered and free; 486: all busy or wrapping up). */
const REFUSALS: Record<number, string> = {
  480: 'no attendant available (log in to the console to take calls)',
  486: 'every attendant is busy or in wrap-up',
  603: 'declined',
};

export async function startVoiceCustomers(
  client: ControlClient,
  company: string,
  options: VoiceCustomersOptions,
): Promise<VoiceCustomers> {
  const log = options.log ?? console.log;
  const carrier = (await client.send('voice-carrier', {
    company,
    customers: options.phones,
  })) as VoiceCarrier;
  if (carrier.customers.length === 0) throw new Error(`${company} has no customer with a voice number`);

  const people = carrier.customers.map((customer, index) => {
    const number = customer.number.replace(/\D/g, '');
    const phone = new SipPhone({
      wsUrl: carrier.ws_url,
      uri: `sip:${number}@${carrier.sip_domain}`,
      password: carrier.carrier_password,
      authorizationUser: 'carrier',
      displayName: customer.name,
      // A tone of their own, so an attendant hears who is who.
      toneHz: 440 + 110 * index,
    });
    return { name: customer.name, number, phone, busy: false };
  });
  const stopAll = () => Promise.all(people.map((person) => person.phone.stop()));
  try {
    await Promise.all(people.map((person) => person.phone.next('registered')));
  } catch (error) {
    await stopAll();
    throw error;
  }

  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };

  // Every call a customer is in (theirs or an attendant's): hang up after talking a while.
  for (const person of people) {
    let hangup: NodeJS.Timeout | null = null;
    const done = () => {
      if (hangup) clearTimeout(hangup);
      hangup = null;
      person.busy = false;
    };
    person.phone.listen((event: PhoneEvent) => {
      switch (event.type) {
        case 'incoming':
          person.busy = true;
          log(`☎ ${person.name} (${person.number}): call from ${event.from}, answering`);
          later(options.ringMs, () => person.phone.answer());
          return;
        case 'confirmed':
          hangup = later(options.talkMs, () => person.phone.hangup());
          return;
        case 'ended':
        case 'failed':
          return done();
      }
    });
  }

  let turn = 0;
  const call = async (): Promise<CallOutcome> => {
    const free = people.filter((person) => !person.busy);
    if (free.length === 0) return { answered: false, status: null, cause: 'every customer is on a call' };
    const person = free[turn++ % free.length]!;
    person.busy = true;
    const target = `sip:atende@${carrier.sip_domain}`;
    log(`☎ ${person.name} (${person.number}) calls ${target}`);
    const outcome = new Promise<CallOutcome>((resolve) => {
      let answered = false;
      const stop = person.phone.listen((event) => {
        if (event.type === 'accepted') answered = true;
        if (event.type === 'ended') {
          stop();
          resolve({ answered: true, hungUpBy: event.originator === 'local' ? 'customer' : 'attendant' });
        }
        if (event.type === 'failed') {
          stop();
          resolve(
            answered
              ? { answered: true, hungUpBy: event.originator === 'local' ? 'customer' : 'attendant' }
              : { answered: false, status: event.status, cause: event.cause },
          );
        }
      });
    });
    person.phone.call(target);
    return outcome;
  };

  return {
    customers: people.map(({ name, number }) => ({ name, number })),
    call,
    async run(count, intervalMs) {
      for (let index = 1; index <= count; index++) {
        const outcome = await call();
        log(
          outcome.answered
            ? `☎ ${index}/${count}: answered, hung up by the ${outcome.hungUpBy}`
            : `☎ ${index}/${count}: not answered: ${REFUSALS[outcome.status ?? 0] ?? outcome.cause}`,
        );
        if (index < count && intervalMs) await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await stopAll();
    },
  };
}
