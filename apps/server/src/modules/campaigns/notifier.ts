// Campaigns reach the consoles: a changed campaign to the company's supervisors (at most a few times a second
// each: a power campaign changes with every call), a customer to their attendant at once. The calls the PBX or
// the softphones record settle their attempts here (a restart's missed ones are the dialer tick's).
import { coalescePerKey } from '../../platform/coalesce.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { followCall } from './outcomes.ts';
import { announceCampaign } from './service.ts';

const ANNOUNCE_GAP_MS = 300;

export function notifyCampaignChanges(io: RealtimeServer, bus: EventBus): () => void {
  const announce = coalescePerKey(ANNOUNCE_GAP_MS, async (key) => {
    const [companyId, campaignId] = key.split(':') as [string, string];
    io.to(rooms.supervisors(companyId)).emit('campaign.changed', { campaign_id: campaignId });
  });
  return bus.subscribe(async (event) => {
    if (event.type === 'campaign.changed') await announce(`${event.companyId}:${event.campaignId}`);
    else if (event.type === 'campaign.dial')
      io.to(rooms.user(event.userId)).emit('campaign.dial', event.dial);
  });
}

/** A call's change reaches its campaign attempt (in every process that runs the API or the PBX). */
export function followCampaignCalls(db: Db, bus: EventBus, onError: (error: unknown) => void): () => void {
  return bus.subscribe(async (event) => {
    if (event.type !== 'call.changed') return;
    try {
      const campaignId = await followCall(db, event.companyId, event.callId, new Date(), bus);
      if (campaignId) announceCampaign(bus, event.companyId, campaignId);
    } catch (error) {
      onError(error);
    }
  });
}
