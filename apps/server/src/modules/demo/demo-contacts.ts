// A working queue for the demo company: a few hundred customers over every channel, some waiting, some with
// attendant and attendant2, some unread, with consistent denormalised queue state. Deterministic (seeded PRNG).
// The same generator bulk-loads thousands of contacts into a company for load checks (`seed-contacts`).
import type { ChannelKind } from '@atende/contract';
import { count, eq } from 'drizzle-orm';
import {
  contactChannels,
  contacts,
  contactWallets,
  messages,
  schedules,
  userWallets,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { v7 as uuidv7 } from 'uuid';
import { reverse } from '../contacts/addresses.ts';
import { judgeCritical } from '../contacts/critical.ts';
import { pastConversations, resolvePastConversations, type PastConversation } from './demo-history.ts';
import { ATTENDANT, CITIES, CUSTOMER, DDD, FIRST, LAST, random } from './vocabulary.ts';

const EVENTS = [
  'Venda realizada',
  'Promessa de pagamento',
  'Negociação em andamento',
  'Dúvida esclarecida',
  'Reclamação registrada',
];
const KINDS: [ChannelKind, number][] = [
  ['whatsapp', 40],
  ['chat', 14],
  ['email', 14],
  ['instagram_direct', 8],
  ['sms', 5],
  ['telegram', 5],
  ['messenger', 6],
  ['voice', 5],
  ['viber', 3],
];

/** A CPF with valid check digits. */
function cpf(next: () => number): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(next() * 10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, digit, i) => acc + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

export type DemoPeople = {
  companyId: string;
  /** Who gets the assigned share of the queue (attendant and attendant2 in the demo); may be empty. */
  attendantIds: string[];
  walletIds: string[];
  channelAccountIds: Partial<Record<ChannelKind, string>>;
};

export type DemoContactsOptions = {
  /** How many contacts to add (the demo company has 320). */
  count?: number;
  /** PRNG seed: the demo's own by default, so every demo install looks the same. */
  seed?: number;
  now?: number;
  /** Give the attendants their segments (once per company: the demo seed does it). */
  assignWallets?: boolean;
  /** Give the attendants' customers an earlier, resolved conversation (demo-history.ts): the demo's month. */
  history?: boolean;
};

export const DEMO_CONTACTS = 320;
const MINUTE = 60_000;
const PHONE_KINDS_SEEDED: readonly ChannelKind[] = ['whatsapp', 'sms', 'voice', 'viber'];

/**
 * Adds synthetic contacts (with their channel, messages, segments and schedules) in multi-row inserts.
 * Shares of the queue keep the demo's proportions whatever the count: 3/16 waiting, 1/4 with the first
 * attendant, 3/16 with the second, the rest finished. Addresses never collide with the company's existing ones.
 */
export async function seedDemoContacts(
  db: Db,
  people: DemoPeople,
  {
    count: total = DEMO_CONTACTS,
    seed = 20261122,
    now = Date.now(),
    assignWallets = true,
    history = false,
  }: DemoContactsOptions = {},
): Promise<void> {
  const next = random(seed);
  const earlier = pastConversations(seed, now);
  const past: PastConversation[] = [];
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const pickKind = () => {
    let roll = next() * 100;
    for (const [kind, weight] of KINDS) if ((roll -= weight) < 0) return kind;
    return 'whatsapp' as ChannelKind;
  };
  const { companyId } = people;
  const contactRows: (typeof contacts.$inferInsert)[] = [];
  const channelRows: (typeof contactChannels.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const walletRows: (typeof contactWallets.$inferInsert)[] = [];
  const scheduleRows: (typeof schedules.$inferInsert)[] = [];
  const { offset, used } = await existingContacts(db, companyId);

  for (let n = 0; n < total; n++) {
    // `i` numbers the company's contacts, so codes, e-mails and chat ids stay unique across seedings.
    const i = offset + n;
    const first = pick(FIRST);
    const last = pick(LAST);
    const name = `${first} ${last}`;
    const kind = pickKind();
    const id = uuidv7();
    const channelId = uuidv7();
    const phone = `55${pick(DDD)}9${String(Math.floor(next() * 1e8)).padStart(8, '0')}`;
    const address = unusedAddress(
      used,
      kind,
      kind === 'email'
        ? `${first}.${last}${i}@exemplo.com.br`
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
        : PHONE_KINDS_SEEDED.includes(kind)
          ? phone
          : kind === 'chat'
            ? `visitante-${i.toString(16).padStart(6, '0')}`
            : String(1_000_000_000 + Math.floor(next() * 8e9)),
    );
    // Of 320: 0–59 waiting, 60–139 attendant, 140–199 attendant2, the rest finished conversations.
    const share = n / total;
    const state = share < 0.1875 ? 'waiting' : share < 0.4375 ? 'first' : share < 0.625 ? 'second' : 'done';
    const responsibleId =
      (state === 'first' ? people.attendantIds[0] : state === 'second' ? people.attendantIds[1] : null) ??
      null;
    const count = 2 + Math.floor(next() * 7);
    const lastAt = now - Math.floor(next() * (state === 'done' ? 20 * 24 * 60 : 8 * 60)) * MINUTE;
    // Waiting contacts end with unanswered customer messages; assigned ones sometimes; finished ones never.
    const unread =
      state === 'waiting'
        ? 1 + Math.floor(next() * 3)
        : state === 'done'
          ? 0
          : next() < 0.45
            ? 1 + Math.floor(next() * 4)
            : 0;
    let lastText = '';
    let lastDirection: 'in' | 'out' = 'in';
    for (let m = 0; m < count; m++) {
      const fromEnd = count - 1 - m;
      const direction: 'in' | 'out' =
        fromEnd < unread ? 'in' : (count - unread - 1 - m) % 2 === 0 ? 'out' : 'in';
      const text = direction === 'in' ? pick(CUSTOMER) : pick(ATTENDANT);
      messageRows.push({
        companyId,
        contactId: id,
        contactChannelId: channelId,
        kind,
        direction,
        senderUserId: direction === 'out' ? (responsibleId ?? people.attendantIds[0]) : null,
        text,
        providerMessageId: direction === 'in' ? `demo-${i}-${m}` : `demo-out-${i}-${m}`,
        // Earlier replies were read by the customer; the last one may still be on its way.
        status: direction === 'in' ? 'received' : fromEnd === 0 ? 'delivered' : 'read',
        readAt: direction === 'in' && fromEnd >= unread ? new Date(lastAt - fromEnd * 3 * MINUTE) : null,
        createdAt: new Date(lastAt - fromEnd * 4 * MINUTE),
      });
      lastText = text;
      lastDirection = direction;
    }
    const waitingSince = unread > 0 ? new Date(lastAt - (unread - 1) * 4 * MINUTE) : null;
    const before =
      history && responsibleId
        ? earlier.of({ companyId, contactId: id, channelId, kind, responsibleId, index: i })
        : null;
    if (before) {
      past.push(before);
      messageRows.push(...before.messages);
    }
    const createdAt = new Date(lastAt - count * 4 * MINUTE - 86_400_000);
    // This draw once made a contact critical at random; kept so that every later draw (names, states) stays.
    // What is critical is the company's rule's (contacts/critical.ts), judged once the contacts are in.
    next();
    contactRows.push({
      id,
      companyId,
      name,
      document: next() < 0.7 ? cpf(next) : null,
      code: next() < 0.5 ? `CLI-${String(10_000 + i)}` : null,
      protocol: next() < 0.6 ? `2026${String(100_000 + i * 7)}` : null,
      tag: next() < 0.6 ? pick(CITIES) : null,
      priority: next() < 0.15 ? 2 : next() < 0.3 ? 0 : 1,
      online: kind === 'chat' && state !== 'done' && next() < 0.5,
      responsibleId,
      // Had since their first message (the header shows since when).
      responsibleSince: responsibleId ? new Date(lastAt - (count - 1) * 4 * MINUTE) : null,
      onQueue: state === 'waiting',
      queuedAt: state === 'waiting' ? waitingSince : null,
      chatbot: state === 'waiting' && next() < 0.15,
      firstResponsePending: state === 'waiting' && count === unread,
      unreadCount: unread,
      lastMessageAt: new Date(lastAt),
      lastMessageText: lastText,
      lastMessageDirection: lastDirection,
      lastMessageChannel: kind,
      unansweredSince: waitingSince,
      lastEvent: state !== 'waiting' && next() < 0.4 ? pick(EVENTS) : null,
      lastEventAt: null,
      createdAt:
        before && before.startedAt < createdAt ? new Date(before.startedAt.getTime() - MINUTE) : createdAt,
    });
    channelRows.push({
      id: channelId,
      companyId,
      contactId: id,
      kind,
      address,
      addressDigitsReversed:
        /^\d+$/.test(address) && PHONE_KINDS_SEEDED.includes(kind) ? reverse(address) : null,
      main: true,
      responsibleId,
      outputLineId: people.channelAccountIds[kind] ?? null,
    });
    if (people.walletIds.length && next() < 0.7)
      walletRows.push({ companyId, contactId: id, walletId: pick(people.walletIds) });
    if (state === 'first' && next() < 0.2) {
      scheduleRows.push({
        companyId,
        contactId: id,
        userId: responsibleId,
        scheduledAt: new Date(now + Math.floor(1 + next() * 72) * 60 * MINUTE),
        annotation: 'Retornar com a proposta atualizada.',
      });
    }
  }

  for (const rows of chunks(contactRows)) await db.insert(contacts).values(rows);
  await judgeCritical(db, companyId);
  for (const rows of chunks(channelRows)) await db.insert(contactChannels).values(rows);
  for (const rows of chunks(messageRows)) await db.insert(messages).values(rows);
  for (const rows of chunks(walletRows)) await db.insert(contactWallets).values(rows);
  for (const rows of chunks(scheduleRows)) await db.insert(schedules).values(rows);
  await resolvePastConversations(db, companyId, past);
  if (!assignWallets) return;
  const [a, b, c, d] = people.walletIds;
  const assignments = [
    [people.attendantIds[0], a],
    [people.attendantIds[0], c],
    [people.attendantIds[1], b],
    [people.attendantIds[1], d],
  ].filter((pair): pair is [string, string] => Boolean(pair[0] && pair[1]));
  if (assignments.length) {
    await db
      .insert(userWallets)
      .values(assignments.map(([userId, walletId]) => ({ companyId, userId, walletId })));
  }
}

/** How many contacts the company has, and the channel addresses already taken (`kind:address`). */
async function existingContacts(db: Db, companyId: string): Promise<{ offset: number; used: Set<string> }> {
  const [row] = await db.select({ n: count() }).from(contacts).where(eq(contacts.companyId, companyId));
  const offset = row?.n ?? 0;
  if (offset === 0) return { offset, used: new Set() };
  const taken = await db
    .select({ kind: contactChannels.kind, address: contactChannels.address })
    .from(contactChannels)
    .where(eq(contactChannels.companyId, companyId));
  return { offset, used: new Set(taken.map((channel) => `${channel.kind}:${channel.address}`)) };
}

/** The address, or the next free number after it when a random one repeats (a customer has one channel). */
function unusedAddress(used: Set<string>, kind: ChannelKind, address: string): string {
  let candidate = address;
  while (used.has(`${kind}:${candidate}`)) {
    if (!/^\d+$/.test(candidate)) candidate = `${candidate}-2`;
    else candidate = String(BigInt(candidate) + 1n);
  }
  used.add(`${kind}:${candidate}`);
  return candidate;
}

function* chunks<T>(rows: T[], size = 400): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
