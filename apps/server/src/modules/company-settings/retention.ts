// Data retention (issue 21, item 5): a company that sets `retention_months` keeps messages and their files
// for that long. Once a day a job purges, company by company, what was created before the cutoff, in
// batches (each its own short transaction, so a purge of years never holds one giant lock), removes the
// files from storage once their rows are gone, and writes one audit entry with the counts. The preview
// counts the same rows with the same cutoff, so the page shows what a change would remove.
import type { RetentionPreview } from '@atende/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { attachments, companies, contacts, messages } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { ownFileKeys } from '../messages/files.ts';

/** How often the sweep runs. */
export const RETENTION_SWEEP_SECONDS = 24 * 3600;
/** pg-boss keeps one job per slot, and refuses a slot longer than its archive interval (12 hours). */
const RETENTION_SLOT_SECONDS = 12 * 3600;
/** Messages deleted per transaction. */
export const RETENTION_BATCH = 500;

/** The instant `months` calendar months before `now` (the 31st of a shorter month is its last day). */
export function retentionCutoff(months: number, now: Date = new Date()): Date {
  const cutoff = new Date(now);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

const older = (companyId: string, before: Date) =>
  and(eq(messages.companyId, companyId), lt(messages.createdAt, before));

/** How many messages and files (and bytes) a purge with `months` would remove now. */
export async function previewRetention(
  db: Db,
  companyId: string,
  months: number,
  now: Date = new Date(),
): Promise<RetentionPreview> {
  const before = retentionCutoff(months, now);
  const [counted] = await db
    .select({ messages: sql<number>`count(*)::int` })
    .from(messages)
    .where(older(companyId, before));
  const [files] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${attachments.size}), 0)::bigint`,
    })
    .from(attachments)
    .innerJoin(messages, eq(messages.id, attachments.messageId))
    .where(and(eq(attachments.companyId, companyId), older(companyId, before)));
  return {
    months,
    before: before.toISOString(),
    messages: counted?.messages ?? 0,
    files: files?.files ?? 0,
    bytes: Number(files?.bytes ?? 0),
  };
}

export type PurgeResult = { messages: number; files: number; bytes: number };

/** Purges one company's messages created before `before`, batch by batch; files go after their rows. */
export async function purgeCompany(
  db: Db,
  storage: FileStorage,
  companyId: string,
  before: Date,
  batch = RETENTION_BATCH,
): Promise<PurgeResult> {
  const total: PurgeResult = { messages: 0, files: 0, bytes: 0 };
  for (;;) {
    const { ids, files } = await db.transaction(async (tx) => {
      const doomed = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(older(companyId, before))
        .orderBy(messages.createdAt)
        .limit(batch);
      const ids = doomed.map((row) => row.id);
      if (ids.length === 0) return { ids, files: [] };
      const files = await tx
        .delete(attachments)
        .where(and(eq(attachments.companyId, companyId), inArray(attachments.messageId, ids)))
        .returning({ key: attachments.storageKey, size: attachments.size });
      await tx.delete(messages).where(and(eq(messages.companyId, companyId), inArray(messages.id, ids)));
      return { ids, files };
    });
    if (ids.length === 0) break;
    // Removed once the rows are gone: a failure here leaves an orphan file, never a message without its file.
    await Promise.all(ownFileKeys(files.map((file) => file.key)).map((key) => storage.remove(key)));
    total.messages += ids.length;
    total.files += files.length;
    total.bytes += files.reduce((sum, file) => sum + file.size, 0);
    if (ids.length < batch) break;
  }
  // The conversation list previews the last message: a purged one is not shown any more.
  await db
    .update(contacts)
    .set({ lastMessageText: '' })
    .where(and(eq(contacts.companyId, companyId), lt(contacts.lastMessageAt, before)));
  return total;
}

/** Purges every company that set a retention, each by its own months; audits those that lost anything. */
export async function sweepRetention(
  db: Db,
  storage: FileStorage,
  now: Date = new Date(),
): Promise<Map<string, PurgeResult>> {
  const keeping = await db
    .select({ id: companies.id, months: sql<number>`(${companies.settings} ->> 'retention_months')::int` })
    .from(companies)
    .where(sql`jsonb_typeof(${companies.settings} -> 'retention_months') = 'number'`);
  const results = new Map<string, PurgeResult>();
  for (const company of keeping) {
    const { months } = company;
    if (!months) continue;
    const result = await purgeCompany(db, storage, company.id, retentionCutoff(months, now));
    results.set(company.id, result);
    if (result.messages > 0) {
      await recordAuditEvent(db, {
        companyId: company.id,
        kind: 'retention_purged',
        details: { months, ...result },
      });
    }
  }
  return results;
}

/**
 * A sweep now (or, `next`, a day later): one job per 12-hour slot whatever the number of workers; the sweep
 * that runs plans the next a day ahead, so the purge runs daily (and once when a worker starts after a pause).
 */
export const scheduleRetention = (db: Db, jobs: Jobs, next = false) =>
  jobs.enqueue(
    db,
    QUEUES.retentionSweep,
    {},
    {
      singletonKey: 'retention',
      singletonSeconds: RETENTION_SLOT_SECONDS,
      ...(next && {
        singletonNextSlot: true,
        startAfter: new Date(Date.now() + RETENTION_SWEEP_SECONDS * 1000),
      }),
    },
  );
