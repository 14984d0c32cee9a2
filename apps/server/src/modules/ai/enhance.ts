// Content enhancement (POST /api/conversation/:id/content-enhancement): the draft checked (not empty, within
// its channel's limit), then rewritten by the company's provider — streamed, with the last messages of this
// conversation alone as context — or, without a provider, spell-checked by the embedded dictionaries (`fix`
// only: every other action needs a provider). Nothing is stored and nothing is sent.
import {
  CHANNEL_TEXT_MAX,
  ENHANCEMENT_CONTEXT_MESSAGES,
  type ContentEnhancementRequest,
  type EnhancementMode,
  type Language,
} from '@atende/contract';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { assertVisibleContact } from '../messages/timeline.ts';
import { enhancementPrompt, type ContextLine } from './prompts.ts';
import { openChatStream } from './provider.ts';
import { storedProvider, type SettingsDeps } from './settings.ts';
import { fixSpelling } from './spelling.ts';
import { countRequest, logRequest } from './usage.ts';

export type Enhancement = {
  mode: EnhancementMode;
  pieces: AsyncIterable<string>;
};

export type EnhanceInput = ContentEnhancementRequest & { contactId: string; fallbackLanguage: Language };

function assertDraft(input: EnhanceInput): void {
  if (input.text.trim() === '') throw new AppError('enhancement_text_empty', 400);
  const max = CHANNEL_TEXT_MAX[input.channel];
  if (input.text.length > max) throw new AppError('enhancement_text_too_long', 400, { max });
}

/** The conversation's last messages, oldest first: only this contact's, never a private note or a deleted one. */
async function conversationContext(ctx: TenantContext, contactId: string): Promise<ContextLine[]> {
  const rows = await ctx.db
    .select({ direction: messages.direction, text: messages.text })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, ctx.companyId),
        eq(messages.contactId, contactId),
        eq(messages.internal, false),
        isNull(messages.deletedAt),
        ne(messages.text, ''),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(ENHANCEMENT_CONTEXT_MESSAGES);
  return rows.reverse();
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

export async function enhance(
  ctx: TenantContext,
  deps: SettingsDeps,
  input: EnhanceInput,
): Promise<Enhancement> {
  await assertVisibleContact(ctx, input.contactId);
  assertDraft(input);
  const provider = await storedProvider(ctx, deps);
  if (!provider) {
    if (input.action !== 'fix') throw new AppError('ai_provider_not_configured', 400);
    const fixed = await fixSpelling(input.text, input.language ?? input.fallbackLanguage);
    return { mode: 'spelling_only', pieces: once(fixed) };
  }
  await countRequest(ctx, provider.row.monthlyLimit);
  const entry = { action: input.action, startedAt: performance.now(), inputSize: input.text.length };
  const log = (outcome: string, outputSize: number) =>
    logRequest(ctx, provider.row.logRequests, { ...entry, outcome, outputSize });
  const prompt = enhancementPrompt(input.action, input.text, await conversationContext(ctx, input.contactId));
  let stream: AsyncGenerator<string>;
  try {
    stream = await openChatStream(provider.config, prompt);
  } catch (error) {
    await log(error instanceof AppError ? error.code : 'ai_provider_failed', 0);
    throw error;
  }
  async function* pieces(): AsyncGenerator<string> {
    let size = 0;
    try {
      for await (const piece of stream) {
        size += piece.length;
        yield piece;
      }
      await log('ok', size);
    } catch (error) {
      await log(error instanceof AppError ? error.code : 'ai_provider_failed', size);
      throw error;
    }
  }
  return { mode: 'provider', pieces: pieces() };
}
