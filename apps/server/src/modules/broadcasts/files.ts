// A broadcast's file: checked by content like an attendant's (messages/files.ts), stored once under a shared key
// (SHARED_FILE_PREFIX) before the broadcast is reviewed; each recipient's message gets an attachment row
// pointing to it when its batch is claimed.
import type { BroadcastFile } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { broadcastFiles } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
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
