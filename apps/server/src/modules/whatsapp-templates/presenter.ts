// Template rows for the Center and the composer: the body text and how many variables it takes.
import { templateVariables, type WhatsappTemplate } from '@atende/contract';
import type { TemplateRow } from './service.ts';

export const presentTemplate = (row: TemplateRow): WhatsappTemplate => ({
  id: row.id,
  channel_account_id: row.channelAccountId,
  name: row.name,
  language: row.language,
  category: row.category,
  status: row.status,
  body: row.body,
  variables: templateVariables(row.body).length,
  synced_at: row.syncedAt.toISOString(),
});
