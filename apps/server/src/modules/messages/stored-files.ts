// An attachment served from its signed address: the signature is the access (the <img> and <audio> tags that
// load it send no token), given only inside messages a user may see.
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { attachments } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
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
  input: { id: string; sig: string },
): Promise<StoredFile> {
  if (!deps.urls.verify(fileResource(input.id), input.sig)) throw notFound();
  const [file] = await deps.db.select().from(attachments).where(eq(attachments.id, input.id)).limit(1);
  const stream = file ? await deps.storage.open(file.storageKey) : null;
  if (!file || !stream) throw notFound();
  return {
    filename: file.filename,
    contentType: file.contentType,
    inline: file.kind !== 'document',
    stream,
  };
}
