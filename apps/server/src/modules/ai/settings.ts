// The company's AI provider as the Center keeps it: base URL, models, monthly limit and log flag in the clear,
// the key sealed at rest (platform/credentials.ts) and never given back.
import type { AiProviderRequest } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { aiProviders } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProviderConfig } from './provider.ts';

export type ProviderRow = typeof aiProviders.$inferSelect;
export type StoredProvider = { row: ProviderRow; config: ProviderConfig };

export type SettingsDeps = { credentials: CredentialsBox; timeoutMs: number };

export async function storedProvider(ctx: TenantContext, deps: SettingsDeps): Promise<StoredProvider | null> {
  const [row] = await ctx.db.select().from(aiProviders).where(eq(aiProviders.companyId, ctx.companyId));
  if (!row) return null;
  const { api_key: apiKey } = deps.credentials.open<{ api_key: string }>(row.credentials);
  return {
    row,
    config: {
      baseUrl: row.baseUrl,
      apiKey,
      chatModel: row.chatModel,
      transcriptionModel: row.transcriptionModel,
      timeoutMs: deps.timeoutMs,
    },
  };
}

/** Saves the provider; an absent or empty key keeps the stored one (required the first time). */
export async function saveProvider(
  ctx: TenantContext,
  deps: SettingsDeps,
  input: AiProviderRequest,
): Promise<ProviderRow> {
  const current = await storedProvider(ctx, deps);
  const apiKey = input.api_key || current?.config.apiKey;
  if (!apiKey) throw new AppError('ai_key_required', 400);
  const values = {
    baseUrl: input.base_url.replace(/\/+$/, ''),
    credentials: deps.credentials.seal({ api_key: apiKey }),
    chatModel: input.chat_model,
    transcriptionModel: input.transcription_model ?? '',
    monthlyLimit: input.monthly_limit,
    logRequests: input.log_requests,
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(aiProviders)
    .values({ companyId: ctx.companyId, ...values })
    .onConflictDoUpdate({ target: aiProviders.companyId, set: values })
    .returning();
  return row!;
}

export async function removeProvider(ctx: TenantContext): Promise<void> {
  await ctx.db.delete(aiProviders).where(eq(aiProviders.companyId, ctx.companyId));
}
