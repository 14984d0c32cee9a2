// The company's AI settings as the Center shows them: the provider without its key, the month's usage by user
// and the latest logged requests.
import type { AiSettings } from '@atende/contract';
import type { ProviderRow } from './settings.ts';
import type { latestLog, usageByUser } from './usage.ts';

export type SettingsRows = {
  provider: ProviderRow | null;
  month: string;
  usage: Awaited<ReturnType<typeof usageByUser>>;
  log: Awaited<ReturnType<typeof latestLog>>;
};

export const presentAiSettings = (rows: SettingsRows): AiSettings => ({
  provider: rows.provider && {
    base_url: rows.provider.baseUrl,
    has_key: rows.provider.credentials !== '',
    chat_model: rows.provider.chatModel,
    transcription_model: rows.provider.transcriptionModel,
    monthly_limit: rows.provider.monthlyLimit,
    log_requests: rows.provider.logRequests,
  },
  usage: {
    month: rows.month,
    requests: rows.usage.reduce((total, row) => total + row.requests, 0),
    by_user: rows.usage.map((row) => ({ user_id: row.userId, name: row.name, requests: row.requests })),
  },
  log: rows.log.map((row) => ({
    id: row.id,
    user_name: row.userName,
    action: row.action,
    outcome: row.outcome,
    duration_ms: row.durationMs,
    input_size: row.inputSize,
    output_size: row.outputSize,
    created_at: row.createdAt.toISOString(),
  })),
});
