// The AI area: content enhancement and transcription for the console, the provider's settings, usage and
// connection test for the Center, and what the console may offer (status).
import type { AiProviderRequest, AiStatus } from '@atende/contract';
import type { TenantContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { enhance, type EnhanceInput } from './enhance.ts';
import type { SettingsRows } from './presenter.ts';
import { countModels } from './provider.ts';
import { removeProvider, saveProvider, storedProvider } from './settings.ts';
import { transcribe, type TranscribeDeps } from './transcribe.ts';
import { latestLog, monthOf, usageByUser } from './usage.ts';

export type AiService = ReturnType<typeof aiService>;

export function aiService(deps: TranscribeDeps) {
  async function settings(ctx: TenantContext): Promise<SettingsRows> {
    const month = monthOf(new Date());
    const [provider, usage, log] = await Promise.all([
      storedProvider(ctx, deps),
      usageByUser(ctx, month),
      latestLog(ctx),
    ]);
    return { provider: provider?.row ?? null, month, usage, log };
  }

  return {
    async status(ctx: TenantContext): Promise<AiStatus> {
      const provider = await storedProvider(ctx, deps);
      return { provider: provider !== null, transcription: Boolean(provider?.row.transcriptionModel) };
    },
    enhance: (ctx: TenantContext, input: EnhanceInput) => enhance(ctx, deps, input),
    transcribe: (ctx: TenantContext, input: { id: string; messageId: string }) =>
      transcribe(ctx, deps, { contactId: input.id, messageId: input.messageId }),
    settings,
    async save(ctx: TenantContext, input: AiProviderRequest) {
      await saveProvider(ctx, deps, input);
      return settings(ctx);
    },
    async remove(ctx: TenantContext) {
      await removeProvider(ctx);
      return settings(ctx);
    },
    async test(ctx: TenantContext) {
      const provider = await storedProvider(ctx, deps);
      if (!provider) throw new AppError('ai_provider_not_configured', 400);
      return { ok: true as const, models: await countModels(provider.config) };
    },
  };
}
