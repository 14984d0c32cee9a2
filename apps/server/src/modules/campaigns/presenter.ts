// Campaigns as the API shows them: the row with its list's name, attendants and counts; attempts with their
// customer and attendant; the customer of an attendant's attempt as the console's popup needs it (NextDial).
import type {
  Campaign,
  CampaignAttempt,
  CampaignMode,
  CampaignStats,
  CampaignStatus,
  NextDial,
  TriggerAction,
} from '@atende/contract';
import type { campaignDetails, campaigns } from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type AttemptRow = typeof campaignDetails.$inferSelect & {
  campaignName: string;
  contactName: string;
  userName: string | null;
};

export function presentCampaign(
  row: CampaignRow,
  extra: {
    listName: string;
    attendants: { id: string; name: string; active: boolean }[];
    stats: CampaignStats;
  },
): Campaign {
  return {
    id: row.id,
    campaign_uuid_voice: row.uuidVoice,
    name: row.name,
    status: row.status as CampaignStatus,
    list_id: row.listId ?? '',
    list_name: extra.listName,
    channel_account_id: row.channelAccountId ?? '',
    mode: row.mode as CampaignMode,
    ratio: row.ratio,
    calling_hours: row.callingHours,
    retry: row.retry,
    attendants: extra.attendants,
    script: row.script,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    stats: extra.stats,
  };
}

export const presentAttempt = (row: AttemptRow): CampaignAttempt => ({
  id: row.id,
  campaign_id: row.campaignId,
  campaign_name: row.campaignName,
  contact_id: row.contactId,
  contact_name: row.contactName,
  number: row.number,
  try_number: row.tryNumber,
  user: row.userId && row.userName !== null ? { id: row.userId, name: row.userName } : null,
  call_record_id: row.callRecordId,
  started_at: row.startedAt.toISOString(),
  answered_at: row.answeredAt?.toISOString() ?? null,
  ended_at: row.endedAt?.toISOString() ?? null,
  outcome: row.outcome,
  notes: row.notes,
});

export const presentNextDial = (row: {
  detailId: string;
  campaignId: string;
  campaignName: string;
  uuidVoice: string;
  contactId: string;
  channelId: string | null;
  contactName: string;
  number: string;
  script: string;
  triggerAction: string;
  tryNumber: number;
}): NextDial => ({
  campaign_detail_id: row.detailId,
  campaign_id: row.campaignId,
  campaign_name: row.campaignName,
  campaign_uuid_voice: row.uuidVoice,
  conversation_id: row.contactId,
  // A channel removed since the campaign started: the contact still names the conversation.
  channel_id: row.channelId ?? row.contactId,
  contact_name: row.contactName,
  number: row.number,
  script: row.script,
  trigger_action: row.triggerAction as TriggerAction,
  try_number: row.tryNumber,
});
