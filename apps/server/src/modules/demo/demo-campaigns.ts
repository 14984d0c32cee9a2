// The demo's power-dial campaign (issue 27): a draft on a transmission list of the demo's customers, through
// the demo's phone, with both demo attendants, so a supervisor finds one to start and watch.
import {
  CALLING_HOURS_DEFAULT,
  CAMPAIGN_RATIO,
  RETRY_AFTER_MINUTES,
  RETRY_MAX_TRIES,
} from '@atende/contract';
import { broadcastLists, campaignParticipants, campaigns } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

const RULE = { after_minutes: RETRY_AFTER_MINUTES.default, max_tries: RETRY_MAX_TRIES.default };

export async function seedDemoCampaign(
  db: Db,
  input: { companyId: string; voiceAccountId: string; supervisorId: string; attendantIds: string[] },
): Promise<void> {
  const [list] = await db
    .insert(broadcastLists)
    .values({
      companyId: input.companyId,
      name: 'Clientes para ligar',
      source: 'filter',
      filter: {},
      createdBy: input.supervisorId,
    })
    .returning({ id: broadcastLists.id });
  const [campaign] = await db
    .insert(campaigns)
    .values({
      companyId: input.companyId,
      name: 'Campanha de renovação',
      listId: list!.id,
      channelAccountId: input.voiceAccountId,
      mode: 'power',
      ratio: CAMPAIGN_RATIO.default,
      callingHours: { ...CALLING_HOURS_DEFAULT, days: [1, 2, 3, 4, 5] },
      retry: { no_answer: RULE, busy: RULE, voicemail: RULE, abandoned: RULE, failed: RULE },
      script:
        'Olá! Aqui é da Atende. Estamos ligando para oferecer a renovação do seu plano com ' +
        'condições especiais. Posso explicar em dois minutos?',
      createdBy: input.supervisorId,
    })
    .returning({ id: campaigns.id });
  await db
    .insert(campaignParticipants)
    .values(
      input.attendantIds.map((userId) => ({ companyId: input.companyId, campaignId: campaign!.id, userId })),
    );
}
