// A card's files: checked by content like message files (messages/files.ts), written to the same storage,
// served by signed URL while the card exists. Removing the cover's file takes the cover off.
import { and, eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { v7 as uuidv7 } from 'uuid';
import { pipelineAttachments, pipelineCards } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Signature, UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { CheckedFile } from '../messages/files.ts';
import type { CardKey, CardService } from './cards.ts';
import { cardFileResource } from './presenter.ts';

export type AttachmentDeps = { db: Db; storage: FileStorage; urls: UrlSigner };

export function attachmentService(deps: AttachmentDeps, cards: CardService) {
  return {
    async add(ctx: TenantContext, input: CardKey & { file: CheckedFile }) {
      const key = `pipeline-files/${ctx.companyId}/${uuidv7()}`;
      await deps.storage.put(key, input.file.data);
      try {
        return await cards.change(ctx, input, async (tx) => {
          await tx.insert(pipelineAttachments).values({
            companyId: ctx.companyId,
            cardId: input.itemId,
            kind: input.file.kind,
            storageKey: key,
            filename: input.file.filename,
            contentType: input.file.contentType,
            size: input.file.data.length,
            sha256: input.file.sha256,
            authorId: ctx.userId,
          });
          await tx
            .update(pipelineCards)
            .set({ attachmentsCount: sql`${pipelineCards.attachmentsCount} + 1` })
            .where(eq(pipelineCards.id, input.itemId));
        });
      } catch (error) {
        await deps.storage.remove(key);
        throw error;
      }
    },

    async remove(ctx: TenantContext, input: CardKey & { attachmentId: string }) {
      let storageKey = '';
      const card = await cards.change(ctx, input, async (tx, current) => {
        const file = current.attachments.find((attachment) => attachment.id === input.attachmentId);
        if (!file) throw notFound();
        storageKey = file.storageKey;
        await tx.delete(pipelineAttachments).where(eq(pipelineAttachments.id, file.id));
        await tx
          .update(pipelineCards)
          .set({
            attachmentsCount: sql`${pipelineCards.attachmentsCount} - 1`,
            coverId: current.coverId === file.id ? null : current.coverId,
          })
          .where(eq(pipelineCards.id, input.itemId));
      });
      await deps.storage.remove(storageKey);
      return card;
    },

    /** The file behind a signed URL (the signature is the access, as for message files). */
    async open(input: { id: string } & Signature) {
      deps.urls.check(cardFileResource(input.id), input);
      const [file] = await deps.db
        .select()
        .from(pipelineAttachments)
        .innerJoin(
          pipelineCards,
          and(
            eq(pipelineCards.id, pipelineAttachments.cardId),
            eq(pipelineCards.companyId, pipelineAttachments.companyId),
          ),
        )
        .where(eq(pipelineAttachments.id, input.id))
        .limit(1);
      const stream: Readable | null = file
        ? await deps.storage.open(file.pipeline_attachments.storageKey)
        : null;
      if (!file || !stream) throw notFound();
      const row = file.pipeline_attachments;
      return {
        filename: row.filename,
        contentType: row.contentType,
        inline: row.kind !== 'document',
        stream,
      };
    },
  };
}
export type AttachmentService = ReturnType<typeof attachmentService>;
