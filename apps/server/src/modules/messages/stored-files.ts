// An attachment served from its signed address: the signature is the access (the <img> and <audio> tags that
// load it send no token), given only inside messages a user may see, and only until it expires. The file is
// served only while its message and contact exist in the attachment's company: a deleted contact's files are
// gone even for an address handed out before.
import { and, eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { attachments, contacts, messages } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Signature, UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { fileResource } from './presenter.ts';

export type StoredFile = {
  filename: string;
  contentType: string;
  /** Shown in the page (images, audio, video) rather than downloaded. */
  inline: boolean;
  stream: Readable;
};

export async function openSignedFile(
  deps: { db: Db; urls: UrlSigner; storage: FileStorage },
  input: { id: string } & Signature,
): Promise<StoredFile> {
  deps.urls.check(fileResource(input.id), input);
  const [file] = await deps.db
    .select({
      storageKey: attachments.storageKey,
      filename: attachments.filename,
      contentType: attachments.contentType,
      kind: attachments.kind,
    })
    .from(attachments)
    .innerJoin(
      messages,
      and(eq(messages.id, attachments.messageId), eq(messages.companyId, attachments.companyId)),
    )
    .innerJoin(
      contacts,
      and(eq(contacts.id, messages.contactId), eq(contacts.companyId, attachments.companyId)),
    )
    .where(eq(attachments.id, input.id))
    .limit(1);
  const stream = file ? await deps.storage.open(file.storageKey) : null;
  if (!file || !stream) throw notFound();
  return {
    filename: file.filename,
    contentType: file.contentType,
    inline: file.kind !== 'document',
    stream,
  };
}
