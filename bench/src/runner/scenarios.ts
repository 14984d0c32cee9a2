// The scenarios of `npm run bench`: HTTP calls of the console under closed-loop load, and inbound traffic at a
// fixed rate timed to its acknowledgement (ingest) or to the event on the responsible attendant's socket.
import { CUSTOMER } from '../../../apps/server/src/modules/demo/vocabulary.ts';
import { ENGLISH } from '../dataset/vocabulary.ts';
import { BENCH_COMPANY } from '../dataset/generate.ts';
import type { Attendant, Fixtures, OwnContact } from './fixtures.ts';
import { runHttpLoad, type HttpRequest, type HttpResult } from './http-load.ts';
import { atRate, type InboundMessage, type InboundTransport } from './inbound.ts';
import { connectSockets } from './sockets.ts';
import { summarise, type Latency } from './stats.ts';

export type HttpScenario = {
  kind: 'http';
  name: string;
  description: string;
  /** Fewer connections than the run's (login: argon2 by design; company-wide search: an occasional call). */
  connections?: number;
  next: (fixtures: Fixtures, connection: number, n: number) => HttpRequest;
  /** The answer to one of its requests came. */
  done?: (request: Pick<HttpRequest, 'method' | 'path'>) => void;
};

export type LatencyResult = {
  rate: number;
  sent: number;
  errors: number;
  firstError: string | null;
  latency: Latency;
  /** Secondary timings (e.g. message.created beside contact.unread). */
  also?: Record<string, Latency>;
};

export type ScenarioEnvironment = {
  baseUrl: string;
  fixtures: Fixtures;
  durationSeconds: number;
  connections: number;
  runId: string;
  /** The real inbound path into the process under test. */
  inbound: () => Promise<InboundTransport>;
  /** Long conversations (thousands of items), for the supervisor. */
  longConversations: string[];
};

/**
 * What a scenario's unmeasured setup leaves: the measured run, or why the scenario cannot run on this server
 * (reported as a note, the run goes on).
 */
export type PreparedLatency =
  { measure: () => Promise<LatencyResult>; skip?: undefined } | { skip: string; measure?: undefined };

export type LatencyScenario = {
  kind: 'latency';
  name: string;
  description: string;
} & (
  | { run: (env: ScenarioEnvironment, options: LatencyOptions) => Promise<LatencyResult> }
  /** Setup kept out of the measurement (accounts, known customers, a first call). */
  | { prepare: (env: ScenarioEnvironment, options: LatencyOptions) => Promise<PreparedLatency> }
);

/** A scenario's measured part, after its setup if it has one. */
export const prepareLatency = async (
  scenario: LatencyScenario,
  env: ScenarioEnvironment,
  options: LatencyOptions,
): Promise<PreparedLatency> =>
  'prepare' in scenario ? scenario.prepare(env, options) : { measure: () => scenario.run(env, options) };

/** `send(i)` at `rate` a second (see atRate), each timed from its start until it resolves. */
export async function timedAtRate(
  rate: number,
  durationMs: number,
  send: (i: number) => Promise<void>,
): Promise<LatencyResult> {
  const durations: number[] = [];
  const sent = await atRate(rate, durationMs, async (i) => {
    const started = performance.now();
    await send(i);
    durations.push(performance.now() - started);
  });
  return {
    rate,
    sent: sent.sent,
    errors: sent.failed,
    firstError: sent.firstError,
    latency: summarise(durations),
  };
}

/** Messages per second: customers' (ingest, to screen) and attendants' answers (send to sent). */
export type LatencyOptions = { ingestRate: number; screenRate: number; sendRate: number; sockets: number };

export type Scenario = HttpScenario | LatencyScenario;

/**
 * Company-wide search is an occasional call, not the queue's polling: 10 people searching back to back is
 * already a heavy hour; 50 connections would measure the queue in front of two cores, not the search.
 */
const SEARCHING_ATTENDANTS = 10;

const SEARCH_NAMES = ['silva', 'souza', 'costa', 'mariana', 'lima', 'ferreira', 'oliv', 'rodrigo'];
/** Combinations of the list's filters (issue 20, item 6), one per request in turn: each its own statement. */
const FILTER_COMBINATIONS = [
  'priority=high&critical=true',
  'channel=whatsapp,telegram&priority=high,medium',
  'status=open&responsible=unassigned&tag=vip',
  'critical=false&channel=email',
];
const SEARCH_TERMS = ['pedido', 'boleto', 'entrega', 'refund', 'fatura', 'cobrança', 'senha', 'troca'];

const attendantOf = (fixtures: Fixtures, connection: number): Attendant =>
  fixtures.attendants[connection % fixtures.attendants.length]!;
const contactOf = (attendant: Attendant, n: number): OwnContact =>
  attendant.contacts[n % attendant.contacts.length]!;
const asAttendant =
  (path: string) =>
  (fixtures: Fixtures, connection: number): HttpRequest => ({
    method: 'GET',
    path,
    token: attendantOf(fixtures, connection).token,
  });

/** The 90 calendar days up to today (UTC days: the bench company's zone is near enough for a load test). */
const ninetyDays = () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `from=${day(Date.now() - 89 * 86_400_000)}&to=${day(Date.now())}`;
};

export const HTTP_SCENARIOS: HttpScenario[] = [
  {
    kind: 'http',
    name: 'login',
    description: 'POST /api/login (argon2id), 10 connections',
    connections: 10,
    next: (_fixtures, connection, n) => ({
      method: 'POST',
      path: '/api/login',
      body: {
        company: BENCH_COMPANY,
        username: `att${String(300 + ((connection * 17 + n) % 200)).padStart(3, '0')}`,
        password: 'demo1234',
      },
    }),
  },
  { kind: 'http', name: 'user', description: 'GET /api/user', next: asAttendant('/api/user') },
  {
    kind: 'http',
    name: 'contacts_default',
    description: 'GET /api/contacts, default order (attendant)',
    next: asAttendant('/api/contacts?limit=50'),
  },
  {
    kind: 'http',
    name: 'contacts_filtered',
    description:
      'GET /api/contacts with combinable filters (priority, critical, channel, status, responsible, tag)',
    next: (fixtures, connection, n) => ({
      method: 'GET',
      path: `/api/contacts?limit=50&${FILTER_COMBINATIONS[n % FILTER_COMBINATIONS.length]}`,
      token: attendantOf(fixtures, connection).token,
    }),
  },
  {
    kind: 'http',
    name: 'contacts_mine',
    description: 'GET /api/contacts?filter=mine',
    next: asAttendant('/api/contacts?filter=mine&limit=50'),
  },
  {
    kind: 'http',
    name: 'contacts_unanswered',
    description: 'GET /api/contacts?order=last_message (oldest unanswered first)',
    next: asAttendant('/api/contacts?order=last_message&direction=asc&limit=50'),
  },
  {
    kind: 'http',
    name: 'contacts_pending',
    description: 'GET /api/contacts?filter=pending (unread)',
    next: asAttendant('/api/contacts?filter=pending&limit=50'),
  },
  {
    kind: 'http',
    name: 'contacts_supervisor',
    description: 'GET /api/contacts as supervisor (every contact of the company)',
    next: (fixtures) => ({ method: 'GET', path: '/api/contacts?limit=50', token: fixtures.supervisor.token }),
  },
  {
    kind: 'http',
    name: 'analytics_company',
    description:
      'GET /api/analytics/performance, the whole company over 90 days against the 90 before (issue 28)',
    next: (fixtures) => ({
      method: 'GET',
      path: `/api/analytics/performance?${ninetyDays()}`,
      token: fixtures.supervisor.token,
    }),
  },
  {
    kind: 'http',
    name: 'analytics_day_stats',
    description: 'GET /api/analytics/day-stats, the whole company over 90 days (issue 28)',
    next: (fixtures) => ({
      method: 'GET',
      path: `/api/analytics/day-stats?${ninetyDays()}`,
      token: fixtures.supervisor.token,
    }),
  },
  {
    kind: 'http',
    name: 'contacts_search',
    description: 'POST /api/conversations/search by name fragment',
    next: (fixtures, connection, n) => ({
      method: 'POST',
      path: '/api/conversations/search',
      token: attendantOf(fixtures, connection).token,
      body: { parameter: 'name', value: SEARCH_NAMES[n % SEARCH_NAMES.length] },
    }),
  },
  {
    kind: 'http',
    name: 'conversation_open',
    description: 'GET /api/conversation/:id/items (latest 50, own contacts)',
    next: (fixtures, connection, n) => {
      const attendant = attendantOf(fixtures, connection);
      return {
        method: 'GET',
        path: `/api/conversation/${contactOf(attendant, n).id}/items`,
        token: attendant.token,
      };
    },
  },
  {
    kind: 'http',
    name: 'conversation_older',
    description: 'GET /api/conversation/:id/paginate (50 older items)',
    next: (fixtures, connection, n) => {
      const anchor = fixtures.older[(connection * 7 + n) % fixtures.older.length]!;
      const query = new URLSearchParams({
        first_message_created_at: anchor.createdAt,
        first_message_id: anchor.id,
      });
      return {
        method: 'GET',
        path: `/api/conversation/${anchor.contactId}/paginate?${query}`,
        token: anchor.token,
      };
    },
  },
  {
    kind: 'http',
    name: 'search_conversation',
    description: 'GET /api/conversation/:id/messages/search (own contacts)',
    next: (fixtures, connection, n) => {
      const attendant = attendantOf(fixtures, connection);
      const term = encodeURIComponent(SEARCH_TERMS[n % SEARCH_TERMS.length]!);
      return {
        method: 'GET',
        path: `/api/conversation/${contactOf(attendant, n).id}/messages/search?term=${term}`,
        token: attendant.token,
      };
    },
  },
  {
    kind: 'http',
    name: 'message_search_company',
    description:
      'GET /api/messages/search (attendant: own contacts and the unassigned queue), 10 connections',
    connections: SEARCHING_ATTENDANTS,
    next: (fixtures, connection, n) => ({
      method: 'GET',
      path: `/api/messages/search?term=${encodeURIComponent(SEARCH_TERMS[n % SEARCH_TERMS.length]!)}`,
      token: attendantOf(fixtures, connection).token,
    }),
  },
  {
    kind: 'http',
    name: 'message_search_company_supervisor',
    description: 'GET /api/messages/search as supervisor (every conversation of the company), 10 connections',
    connections: SEARCHING_ATTENDANTS,
    next: (fixtures, _connection, n) => ({
      method: 'GET',
      path: `/api/messages/search?term=${encodeURIComponent(SEARCH_TERMS[n % SEARCH_TERMS.length]!)}`,
      token: fixtures.supervisor.token,
    }),
  },
  {
    kind: 'http',
    name: 'send_message',
    description: 'POST /api/conversation/:id/messages (stored + delivery job)',
    next: (fixtures, connection, n) => {
      const attendant = attendantOf(fixtures, connection);
      return {
        method: 'POST',
        path: `/api/conversation/${contactOf(attendant, n).id}/messages`,
        token: attendant.token,
        body: { text: ENGLISH.attendantAnswers[n % ENGLISH.attendantAnswers.length] },
      };
    },
  },
];

/** Scenarios on the longest conversations (thousands of items), opened by the supervisor. */
export const longConversationScenarios = (longConversations: string[]): HttpScenario[] => [
  {
    kind: 'http',
    name: 'conversation_open_long',
    description: 'GET /api/conversation/:id/items on ~5 000-message conversations',
    next: (fixtures, connection, n) => ({
      method: 'GET',
      path: `/api/conversation/${longConversations[(connection + n) % longConversations.length]}/items`,
      token: fixtures.supervisor.token,
    }),
  },
  {
    kind: 'http',
    name: 'search_conversation_long',
    description: 'GET /api/conversation/:id/messages/search on ~5 000-message conversations',
    next: (fixtures, connection, n) => ({
      method: 'GET',
      path: `/api/conversation/${longConversations[(connection + n) % longConversations.length]}/messages/search?term=${encodeURIComponent(SEARCH_TERMS[n % SEARCH_TERMS.length]!)}`,
      token: fixtures.supervisor.token,
    }),
  },
];

export async function runHttpScenario(
  scenario: HttpScenario,
  env: Pick<ScenarioEnvironment, 'baseUrl' | 'fixtures' | 'durationSeconds' | 'connections'>,
): Promise<HttpResult & { connections: number }> {
  const connections = scenario.connections ?? env.connections;
  const result = await runHttpLoad({
    baseUrl: env.baseUrl,
    connections,
    durationSeconds: env.durationSeconds,
    next: (connection, n) => scenario.next(env.fixtures, connection, n),
    done: scenario.done,
  });
  return { ...result, connections };
}

/** A customer message: from a known customer's channel, or from a new customer when `contact` is null. */
export function customerMessage(runId: string, i: number, contact: OwnContact | null): InboundMessage {
  const text = `${CUSTOMER[i % CUSTOMER.length]} (${runId}-${i})`;
  if (contact) {
    return {
      company: BENCH_COMPANY,
      kind: contact.kind as InboundMessage['kind'],
      address: contact.address,
      text,
      provider_message_id: `bench-${runId}-${i}`,
    };
  }
  return {
    company: BENCH_COMPANY,
    kind: 'whatsapp',
    address: `5599${String(i).padStart(9, '0')}`.slice(0, 13),
    name: `Cliente novo ${i}`,
    text,
    provider_message_id: `bench-${runId}-${i}`,
  };
}

export const inboundIngest: LatencyScenario = {
  kind: 'latency',
  name: 'inbound_ingest',
  description: 'customer messages at a fixed rate (4 of 5 from known customers), time to stored',
  async run(env, options) {
    const transport = await env.inbound();
    const known = env.fixtures.attendants.flatMap((attendant) => attendant.contacts);
    try {
      return await timedAtRate(options.ingestRate, env.durationSeconds * 1000, (i) =>
        transport.send(customerMessage(`${env.runId}i`, i, i % 5 === 4 ? null : known[i % known.length]!)),
      );
    } finally {
      transport.close();
    }
  },
};

/** Sockets of `attendants` at `socketUrl`, each watching the attendant's contacts. */
async function watchingAttendants(socketUrl: string, attendants: Attendant[]) {
  const connected = await connectSockets(
    socketUrl,
    attendants.map((attendant) => ({ token: attendant.token })),
  );
  await Promise.all(
    attendants.flatMap((attendant, n) =>
      attendant.contacts.map(
        (contact) =>
          new Promise<void>((resolve) =>
            connected.sockets[n]!.emit('contact.watch', contact.id, () => resolve()),
          ),
      ),
    ),
  );
  return connected;
}

/** The attendants' contacts taken in turn across attendants, so no contact has two messages in flight. */
const inTurn = (attendants: Attendant[]): { attendant: Attendant; contact: OwnContact }[] =>
  attendants[0]!.contacts.flatMap((_, c) =>
    attendants.flatMap((attendant) =>
      attendant.contacts[c] ? [{ attendant, contact: attendant.contacts[c] }] : [],
    ),
  );

/**
 * Attendants connected to `socketUrl` (each watching its contacts), customers writing to those contacts at a
 * fixed rate through `transport`: time from the send to `contact.unread` (the queue's update) and to
 * `message.created` (the open conversation's) on the responsible attendant's socket.
 */
export async function inboundToScreen(
  env: ScenarioEnvironment,
  options: LatencyOptions,
  socketUrl: string,
  transport: InboundTransport,
): Promise<LatencyResult> {
  const attendants = env.fixtures.attendants.slice(0, options.sockets).filter((a) => a.contacts.length);
  const { arrivals, close } = await watchingAttendants(socketUrl, attendants);
  try {
    const unread: number[] = [];
    const created: number[] = [];
    const targets = inTurn(attendants);
    const sent = await atRate(options.screenRate, env.durationSeconds * 1000, async (i) => {
      const { contact } = targets[i % targets.length]!;
      const message = customerMessage(`${env.runId}s`, i, contact);
      const onQueue = arrivals.expect('contact.unread', contact.id, 10_000);
      const inConversation = arrivals.expect('message.created', contact.id, 10_000);
      const started = performance.now();
      await transport.send(message);
      const [queueAt, conversationAt] = await Promise.all([onQueue, inConversation]);
      unread.push(queueAt - started);
      created.push(conversationAt - started);
    });
    return {
      rate: options.screenRate,
      sent: sent.sent,
      errors: sent.failed,
      firstError: sent.firstError,
      latency: summarise(unread),
      also: { 'message.created': summarise(created) },
    };
  } finally {
    close();
  }
}

export const inboundToScreenScenario: LatencyScenario = {
  kind: 'latency',
  name: 'inbound_to_screen',
  description: 'customer send → contact.unread on the responsible attendant socket',
  async run(env, options) {
    const transport = await env.inbound();
    try {
      return await inboundToScreen(env, options, env.baseUrl, transport);
    } finally {
      transport.close();
    }
  },
};

/** Attendants answering at once: enough to keep the rate without two sends to one contact in flight. */
const ANSWERING_ATTENDANTS = 50;

/**
 * Attendants answering their customers at a fixed rate: time from the send (POST) to `message.status` "sent"
 * on the attendant's own socket, through the durable queue, the channel adapter (the data set's accounts are
 * simulated: accepted at once) and the status fan-out; the POST's own time beside it.
 */
export const sendToSent: LatencyScenario = {
  kind: 'latency',
  name: 'send_to_sent',
  description: 'attendant send → message.status sent on their socket (durable queue, simulated provider)',
  async run(env, options) {
    const attendants = env.fixtures.attendants
      .slice(0, ANSWERING_ATTENDANTS)
      .filter((a) => a.contacts.length);
    const { arrivals, close } = await watchingAttendants(env.baseUrl, attendants);
    try {
      const posted: number[] = [];
      const delivered: number[] = [];
      const targets = inTurn(attendants);
      const sent = await atRate(options.sendRate, env.durationSeconds * 1000, async (i) => {
        const { attendant, contact } = targets[i % targets.length]!;
        const onSent = arrivals.expect('message.status', contact.id, 10_000);
        // Settled here too, so a refused send leaves no unhandled rejection behind.
        onSent.catch(() => undefined);
        const started = performance.now();
        const response = await fetch(`${env.baseUrl}/api/conversation/${contact.id}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${attendant.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: ENGLISH.attendantAnswers[i % ENGLISH.attendantAnswers.length] }),
        });
        if (response.status !== 201) throw new Error(`send answered ${response.status}`);
        await response.arrayBuffer();
        posted.push(performance.now() - started);
        // Waited for since before the send: an event that came before the answer counts as well.
        delivered.push((await onSent) - started);
      });
      return {
        rate: options.sendRate,
        sent: sent.sent,
        errors: sent.failed,
        firstError: sent.firstError,
        latency: summarise(delivered),
        also: { POST: summarise(posted) },
      };
    } finally {
      close();
    }
  },
};
