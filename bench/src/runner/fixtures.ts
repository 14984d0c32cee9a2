// What the scenarios work on, gathered through the API as a console would: sessions of the large company's
// attendants and supervisor, each attendant's own contacts (with their channel addresses, for inbound traffic
// from known customers) and anchors of older pages in long conversations.
import type { ContactPage, ItemsPage, Contact, LoginResponse } from '@atende/contract';
import { BENCH_COMPANY, BENCH_PASSWORD } from '../dataset/generate.ts';

export type Session = { username: string; token: string; userId: string };
export type OwnContact = { id: string; kind: string; address: string };
export type Attendant = Session & { contacts: OwnContact[] };
export type OlderAnchor = { contactId: string; createdAt: string; id: string; token: string };

export type Fixtures = {
  supervisor: Session;
  attendants: Attendant[];
  /** Conversations with older items, and the item older pages continue from. */
  older: OlderAnchor[];
};

export const attendantName = (n: number) => `att${String(n).padStart(3, '0')}`;

export async function api<T>(baseUrl: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function login(baseUrl: string, username: string): Promise<Session> {
  const answer = await api<LoginResponse>(baseUrl, '/api/login', undefined, {
    company: BENCH_COMPANY,
    username,
    password: BENCH_PASSWORD,
  });
  const user = await api<{ id: string }>(baseUrl, '/api/user', answer.access_token);
  return { username, token: answer.access_token, userId: user.id };
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

/** Logs in `attendants` attendants (att003...) and the supervisor, and gathers their contacts. */
export async function gatherFixtures(
  baseUrl: string,
  attendants: number,
  contactsEach = 5,
): Promise<Fixtures> {
  const supervisor = await login(baseUrl, 'supervisor');
  const names = Array.from({ length: attendants }, (_, i) => attendantName(i + 3));
  const sessions = await inBatches(names, 4, (name) => login(baseUrl, name));
  const withContacts = await inBatches(sessions, 10, async (session) => {
    const page = await api<ContactPage>(baseUrl, '/api/contacts?filter=mine&limit=50', session.token);
    const details = await Promise.all(
      page.data
        .slice(0, contactsEach)
        .map((summary) => api<Contact>(baseUrl, `/api/conversation/${summary.id}`, session.token)),
    );
    const contacts = details.flatMap((contact) => {
      const channel = contact.channels.find((c) => c.main && !c.blacklisted);
      return channel ? [{ id: contact.id, kind: channel.type, address: channel.address }] : [];
    });
    return { ...session, contacts };
  });
  const attendantsWithContacts = withContacts.filter((attendant) => attendant.contacts.length > 0);
  // An older page continues from the oldest item on screen: anchor it five items back from the latest, so
  // most conversations have one, and the older page (50 items) reaches as deep as the conversation goes.
  const older: OlderAnchor[] = [];
  for (const attendant of attendantsWithContacts.slice(0, 50)) {
    for (const contact of attendant.contacts) {
      const page = await api<ItemsPage>(
        baseUrl,
        `/api/conversation/${contact.id}/items?limit=5`,
        attendant.token,
      );
      const oldest = page.data.at(-1);
      if (page.has_more && oldest?.type === 'message') {
        older.push({
          contactId: contact.id,
          createdAt: oldest.message.created_at,
          id: oldest.message.id,
          token: attendant.token,
        });
      }
    }
  }
  return { supervisor, attendants: attendantsWithContacts, older };
}
