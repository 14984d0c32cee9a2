import type { AuditPage, RetentionPreview } from '@atende/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { attachments, contacts, messages } from '../../db/schema/index.ts';
import { previewRetention, purgeCompany, retentionCutoff, sweepRetention } from './retention.ts';

let t: TestApp;
let admin: Actor;
let other: Actor;
const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  // No job worker: the daily sweep the app schedules at start would run on the real clock, racing the sweeps
  // this file runs at NOW (seen under load: it purged the message a test then expected to purge itself).
  t = await createTestApp({ env: { ROLE: 'api' } });
  admin = await makeActor(t.app, t.database.db, 'admin');
  other = await makeActor(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

/** A message created `daysAgo` before NOW, with one stored file of `size` bytes when given. */
async function message(actor: Actor, contactId: string, daysAgo: number, size?: number) {
  const createdAt = new Date(NOW.getTime() - daysAgo * DAY);
  const [row] = await t.database.db
    .insert(messages)
    .values({
      companyId: actor.company.id,
      contactId,
      kind: 'whatsapp',
      direction: 'in',
      text: `message ${daysAgo} days old`,
      createdAt,
    })
    .returning({ id: messages.id });
  let key: string | null = null;
  if (size !== undefined) {
    key = `attachments/${actor.company.id}/${row!.id}`;
    await t.app.deps.storage.put(key, Buffer.alloc(size, 1));
    await t.database.db.insert(attachments).values({
      companyId: actor.company.id,
      messageId: row!.id,
      kind: 'document',
      storageKey: key,
      filename: 'f.pdf',
      contentType: 'application/pdf',
      size,
      sha256: 'x',
      createdAt,
    });
  }
  return { id: row!.id, key };
}

describe('data retention', () => {
  it('counts months back on the calendar, the 31st of a short month being its last day', () => {
    expect(retentionCutoff(3, new Date('2026-05-31T10:00:00Z'))).toEqual(new Date('2026-02-28T10:00:00Z'));
    expect(retentionCutoff(12, NOW)).toEqual(new Date('2025-06-15T12:00:00Z'));
  });

  it('previews, then purges exactly what is older (rows and files), keeps the rest, never another company', async () => {
    const mine = await makeContact(t.database.db, admin.company);
    const theirs = await makeContact(t.database.db, other.company);
    const oldWithFile = await message(admin, mine.id, 200, 1000);
    const oldPlain = await message(admin, mine.id, 100);
    const oldAnswered = await message(admin, mine.id, 95, 24);
    const recent = await message(admin, mine.id, 10, 50);
    const foreignOld = await message(other, theirs.id, 400, 70);
    await t.database.db
      .update(contacts)
      .set({ lastMessageAt: new Date(NOW.getTime() - 95 * DAY), lastMessageText: 'old' })
      .where(eq(contacts.id, mine.id));

    // 3 months before NOW: 2026-03-15; the messages of 95, 100 and 200 days go.
    // The route counts from the real now, months after NOW: every message of company A is older.
    const preview = await injectAs(t.app, admin, {
      method: 'GET',
      url: '/api/center/company/retention-preview?months=3',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<RetentionPreview>()).toMatchObject({ months: 3, messages: 4, files: 3, bytes: 1074 });
    const bad = await injectAs(t.app, admin, {
      method: 'GET',
      url: '/api/center/company/retention-preview?months=121',
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/“months” field must be at most 120/);

    // 3 months before NOW is 2026-03-15: the messages of 95, 100 and 200 days go.
    expect(await previewRetention(t.database.db, admin.company.id, 3, NOW)).toEqual({
      months: 3,
      before: '2026-03-15T12:00:00.000Z',
      messages: 3,
      files: 2,
      bytes: 1024,
    });

    // Small batches: the purge goes round several times.
    const result = await purgeCompany(
      t.database.db,
      t.app.deps.storage,
      admin.company.id,
      retentionCutoff(3, NOW),
      2,
    );
    expect(result).toEqual({ messages: 3, files: 2, bytes: 1024 });
    const left = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(inArray(messages.id, [oldWithFile.id, oldPlain.id, oldAnswered.id, recent.id, foreignOld.id]));
    expect(left.map((row) => row.id).sort()).toEqual([recent.id, foreignOld.id].sort());
    expect(await t.app.deps.storage.read(oldWithFile.key!)).toBeNull();
    expect(await t.app.deps.storage.read(oldAnswered.key!)).toBeNull();
    expect(await t.app.deps.storage.read(recent.key!)).not.toBeNull();
    expect(await t.app.deps.storage.read(foreignOld.key!)).not.toBeNull();
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, mine.id));
    expect(contact!.lastMessageText).toBe('');
  });

  it('sweeps only the companies that set a retention, each by its months, and audits the counts', async () => {
    const theirs = await makeContact(t.database.db, other.company);
    const foreignRecent = await message(other, theirs.id, 20);
    const patched = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/center/company',
      payload: { retention_months: 1 },
    });
    expect(patched.statusCode).toBe(200);
    const mine = await makeContact(t.database.db, admin.company);
    const monthOld = await message(admin, mine.id, 40, 10);

    const results = await sweepRetention(t.database.db, t.app.deps.storage, NOW);
    // Company B set nothing: its 400-day-old message from the test before stays too.
    expect(results.has(other.company.id)).toBe(false);
    expect(results.get(admin.company.id)).toEqual({ messages: 1, files: 1, bytes: 10 });
    const remaining = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(inArray(messages.id, [monthOld.id, foreignRecent.id]));
    expect(remaining.map((row) => row.id)).toEqual([foreignRecent.id]);

    const page = (
      await injectAs(t.app, admin, { method: 'GET', url: '/api/center/audit' })
    ).json<AuditPage>();
    const purged = page.data.find((event) => event.kind === 'retention_purged');
    expect(purged?.details).toEqual({ months: 1, messages: 1, files: 1, bytes: 10 });
    const theirsAudit = (
      await injectAs(t.app, other, { method: 'GET', url: '/api/center/audit' })
    ).json<AuditPage>();
    expect(theirsAudit.data.some((event) => event.kind === 'retention_purged')).toBe(false);
    // Nothing more to purge: no second entry.
    await sweepRetention(t.database.db, t.app.deps.storage, NOW);
    const again = (
      await injectAs(t.app, admin, { method: 'GET', url: '/api/center/audit' })
    ).json<AuditPage>();
    expect(again.data.filter((event) => event.kind === 'retention_purged')).toHaveLength(1);
  });
});
