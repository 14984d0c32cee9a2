// A broadcast's file: checked by content like an attendant's (messages/files.ts), stored once under a shared key
// (SHARED_FILE_PREFIX) before the broadcast is reviewed; each recipient's message gets an attachment row
// pointing to it when its batch is claimed. An upload no broadcast names a day later was abandoned: a periodic
// sweep deletes it, row and stored copy.
import type { BroadcastFile } from '@atende/contract';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { broadcastFiles } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { SHARED_FILE_PREFIX, type CheckedFile } from '../messages/files.ts';

export type BroadcastFileRow = typeof broadcastFiles.$inferSelect;

export async function findBroadcastFile(
  db: Db,
  companyId: string,
  id: string,
): Promise<BroadcastFileRow | undefined> {
  const [file] = await db
    .select()
    .from(broadcastFiles)
    .where(and(eq(broadcastFiles.id, id), eq(broadcastFiles.companyId, companyId)))
    .limit(1);
  return file;
}

export const presentBroadcastFile = (file: BroadcastFileRow): BroadcastFile => ({
  id: file.id,
  kind: file.kind,
  filename: file.filename,
  content_type: file.contentType,
  size: file.size,
});

export async function storeBroadcastFile(
  deps: { storage: FileStorage },
  ctx: TenantContext,
  file: CheckedFile,
): Promise<BroadcastFile> {
  authorize(ctx, 'broadcasts.send');
  const key = `${SHARED_FILE_PREFIX}${ctx.companyId}/${uuidv7()}`;
  await deps.storage.put(key, file.data);
  try {
    const [stored] = await ctx.db
      .insert(broadcastFiles)
      .values({
        companyId: ctx.companyId,
        kind: file.kind,
        storageKey: key,
        filename: file.filename,
        contentType: file.contentType,
        size: file.data.length,
        sha256: file.sha256,
        createdBy: ctx.userId,
      })
      .returning();
    return presentBroadcastFile(stored!);
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
}

/** An upload no broadcast names is kept this long (the supervisor may still be writing the broadcast). */
export const UNUSED_FILE_KEEP_MS = 24 * 3600 * 1000;
/** How often the sweep runs: one job per slot, whatever the number of workers. */
const SWEEP_SECONDS = 3600;
/** Files deleted per statement. */
const SWEEP_BATCH = 500;

/**
 * Deletes the uploads created before `before` that no broadcast names, rows first, then their stored copies:
 * how many. A broadcast being created locks its file's row (lockBroadcastFile), so the sweep skips a file
 * that is being named right now, and the creation finds a swept file gone.
 */
export async function sweepUnusedBroadcastFiles(
  db: Db,
  storage: FileStorage,
  before: Date = new Date(Date.now() - UNUSED_FILE_KEEP_MS),
): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await queryRows<{ storage_key: string }>(
      db,
      sql`delete from broadcast_files f where f.id in (
          select u.id from broadcast_files u
          where u.created_at < ${before.toISOString()}::timestamptz
            and not exists (
              select 1 from broadcasts b
              where b.company_id = u.company_id and b.message ->> 'type' = 'file'
                and b.message ->> 'file_id' = u.id::text)
          order by u.created_at
          limit ${SWEEP_BATCH}
          for update skip locked)
        returning f.storage_key`,
    );
    // Removed once the rows are gone: a failure here leaves an orphan file, never a row without its file.
    await Promise.all(removed.map((row) => storage.remove(row.storage_key)));
    total += removed.length;
    if (removed.length < SWEEP_BATCH) return total;
  }
}

/** Locks the file a broadcast being created names (see sweepUnusedBroadcastFiles): whether it is still there. */
export async function lockBroadcastFile(tx: Db, companyId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: broadcastFiles.id })
    .from(broadcastFiles)
    .where(and(eq(broadcastFiles.id, id), eq(broadcastFiles.companyId, companyId)))
    .for('share');
  return row !== undefined;
}

/** A sweep now (or, `next`, an hour later), once per hour-long slot whatever the number of workers. */
export const scheduleBroadcastFilesSweep = (db: Db, jobs: Jobs, next = false) =>
  jobs.enqueue(
    db,
    QUEUES.broadcastFilesSweep,
    {},
    {
      singletonKey: 'broadcast-files',
      singletonSeconds: SWEEP_SECONDS,
      ...(next && { singletonNextSlot: true, startAfter: new Date(Date.now() + SWEEP_SECONDS * 1000) }),
    },
  );
