// Transcription of a received audio message (POST /api/conversation/:id/messages/:messageId/transcribe): its
// stored file sent to the company's provider, the text kept in the message's `transcription` (which message
// search covers, migration 0037) and announced like any change of the message.
import { TRANSCRIPTION_MAX_BYTES, type Message } from '@atende/contract';
import { and, asc, eq } from 'drizzle-orm';
import { attachments, messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { findMessage } from '../messages/send.ts';
import { assertVisibleContact } from '../messages/timeline.ts';
import { transcribeAudio } from './provider.ts';
import { storedProvider, type SettingsDeps } from './settings.ts';
import { countRequest, logRequest } from './usage.ts';

export type TranscribeDeps = SettingsDeps & { bus: EventBus; storage: FileStorage; urls: UrlSigner };

/** Audio the providers take, by content type (the stored type was checked by content when it arrived). */
const isAudio = (contentType: string) => /^(audio\/|video\/(mp4|webm|ogg))/.test(contentType);

async function audioOf(ctx: TenantContext, contactId: string, messageId: string) {
  const [message] = await ctx.db
    .select({ id: messages.id, deletedAt: messages.deletedAt })
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.contactId, contactId),
        eq(messages.companyId, ctx.companyId),
      ),
    );
  if (!message) throw notFound();
  const [audio] = await ctx.db
    .select({
      storageKey: attachments.storageKey,
      filename: attachments.filename,
      contentType: attachments.contentType,
      size: attachments.size,
    })
    .from(attachments)
    .where(
      and(
        eq(attachments.messageId, messageId),
        eq(attachments.companyId, ctx.companyId),
        eq(attachments.kind, 'audio'),
      ),
    )
    .orderBy(asc(attachments.createdAt))
    .limit(1);
  if (!audio || message.deletedAt !== null || !isAudio(audio.contentType))
    throw new AppError('not_audio', 400);
  return audio;
}

export async function transcribe(
  ctx: TenantContext,
  deps: TranscribeDeps,
  input: { contactId: string; messageId: string },
): Promise<Message> {
  await assertVisibleContact(ctx, input.contactId);
  const audio = await audioOf(ctx, input.contactId, input.messageId);
  if (audio.size > TRANSCRIPTION_MAX_BYTES) {
    throw new AppError('audio_too_long', 400, { limit: `${TRANSCRIPTION_MAX_BYTES / 1024 / 1024} MB` });
  }
  const provider = await storedProvider(ctx, deps);
  if (!provider?.row.transcriptionModel) throw new AppError('transcription_not_configured', 400);
  const data = await deps.storage.read(audio.storageKey);
  if (!data) throw new AppError('not_audio', 400);
  await countRequest(ctx, provider.row.monthlyLimit);
  const entry = { action: 'transcribe', startedAt: performance.now(), inputSize: data.length };
  let text: string;
  try {
    text = await transcribeAudio(provider.config, { ...audio, data });
  } catch (error) {
    const outcome = error instanceof AppError ? error.code : 'ai_provider_failed';
    await logRequest(ctx, provider.row.logRequests, { ...entry, outcome, outputSize: 0 });
    throw error;
  }
  await logRequest(ctx, provider.row.logRequests, { ...entry, outcome: 'ok', outputSize: text.length });
  await inTransaction(ctx.db, deps.bus, async (tx, record) => {
    await tx
      .update(messages)
      .set({ transcription: text, updatedAt: new Date() })
      .where(and(eq(messages.id, input.messageId), eq(messages.companyId, ctx.companyId)));
    record({
      type: 'message.updated',
      companyId: ctx.companyId,
      contactId: input.contactId,
      messageId: input.messageId,
    });
  });
  return (await findMessage(ctx, deps.urls, input.messageId))!;
}
