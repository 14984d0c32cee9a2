// Files customers send (e-mail attachments, widget uploads, provider media): typed by content like attendants'
// files, but never refused — a customer's file of an unknown type is kept as a download, not lost.
import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { InboundAttachment } from '../../channels/adapter.ts';
import { attachments } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { inspectUpload, type CheckedFile } from './files.ts';

async function typed(file: InboundAttachment): Promise<CheckedFile> {
  const upload = { filename: file.filename, declaredType: file.contentType, data: file.data };
  return inspectUpload(upload).catch(() => ({
    ...upload,
    filename: upload.filename.replace(/[\\/]/g, '_').slice(0, 200) || 'arquivo',
    contentType: 'application/octet-stream',
    kind: 'document' as const,
    sha256: createHash('sha256').update(file.data).digest('hex'),
  }));
}

/**
 * Stores the files of a message being inserted in `tx`; returns the storage keys written, for the caller to
 * remove if the transaction rolls back.
 */
export async function storeInboundAttachments(
  tx: Db,
  storage: FileStorage,
  owner: { companyId: string; messageId: string },
  files: readonly InboundAttachment[],
): Promise<string[]> {
  const keys: string[] = [];
  for (const file of files) {
    if (file.data.length === 0) continue;
    const checked = await typed(file);
    const key = `attachments/${owner.companyId}/${uuidv7()}`;
    await storage.put(key, checked.data);
    keys.push(key);
    await tx.insert(attachments).values({
      companyId: owner.companyId,
      messageId: owner.messageId,
      kind: checked.kind,
      storageKey: key,
      filename: checked.filename,
      contentType: checked.contentType,
      size: checked.data.length,
      sha256: checked.sha256,
    });
  }
  return keys;
}
