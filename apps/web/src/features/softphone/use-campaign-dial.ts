// The popup dial flow (issue 27, spec §3): the campaign customer the dialer gives this attendant, from
// GET /api/phone/next-dial as the console opens and from each realtime `campaign.dial`. `preview` waits for the
// attendant (the popup's "Ligar" / "Pular"); `dial` places the call at once with the campaign headers, then tells
// the server its SIP Call-ID; `answered` (power) is a customer the PBX hands over already answered: the
// softphone answers that INVITE itself (sip-agent.ts) and the console opens the customer's conversation, as it
// does when a customer answers a call placed here.
import type { NextDial } from '@atende/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { pathTo } from '../../lib/routes.ts';
import { nextDial, reportNextDial } from './campaign-phone-api.ts';
import { canDial } from './phone-machine.ts';
import { usePhoneStore } from './phone-store.ts';

const RETRY_PLACING_MS = 1_000;

/** The attempts whose call this console placed: each is placed once, whatever re-renders or re-sends it. */
const placed = new Set<string>();

/** Places the call of a campaign customer and links it to the attempt; false when no call could be placed. */
export async function placeCampaignCall(dial: NextDial): Promise<boolean> {
  const { agent } = usePhoneStore.getState();
  if (!agent || placed.has(dial.campaign_detail_id) || !canDial(usePhoneStore.getState(), Date.now())) {
    return false;
  }
  placed.add(dial.campaign_detail_id);
  const callId = await agent.call(
    dial.number,
    { id: dial.conversation_id, name: dial.contact_name },
    dial.campaign_detail_id,
  );
  if (!callId) {
    placed.delete(dial.campaign_detail_id);
    return false;
  }
  await reportNextDial({
    action: 'dialled',
    campaign_detail_id: dial.campaign_detail_id,
    call_id: callId,
  }).catch(() => undefined);
  return true;
}

export const wasPlaced = (dial: NextDial): boolean => placed.has(dial.campaign_detail_id);

/** Forgets the placed attempts (a new session, a test). */
export const forgetPlacedCalls = (): void => placed.clear();

export function useCampaignDial(): void {
  const navigate = useNavigate();
  const socket = useRealtimeStore((state) => state.socket);
  const dial = usePhoneStore((state) => state.dial);
  const agent = usePhoneStore((state) => state.agent);
  const sip = usePhoneStore((state) => state.sip);
  const opened = useRef<string | null>(null);

  const openConversation = (target: NextDial) => {
    if (opened.current === target.campaign_detail_id) return;
    opened.current = target.campaign_detail_id;
    void navigate(pathTo('conversation.messages', { contactId: target.conversation_id }));
  };
  const latest = useRef(openConversation);
  latest.current = openConversation;

  useEffect(() => {
    const handle = (next: NextDial) => {
      usePhoneStore.getState().setDial(next);
      if (next.trigger_action === 'answered') latest.current(next);
    };
    let cancelled = false;
    void nextDial()
      .then((result) => {
        if (!cancelled && result.dial) handle(result.dial);
      })
      .catch(() => undefined);
    socket?.on('campaign.dial', handle);
    return () => {
      cancelled = true;
      socket?.off('campaign.dial', handle);
    };
  }, [socket]);

  // A progressive customer is called as soon as the phone can: now, or once the agent has registered and the
  // phone is free (a wrap-up the server did not know of yet); asked again each second until placed.
  useEffect(() => {
    if (dial?.trigger_action !== 'dial' || !agent || sip !== 'online' || wasPlaced(dial)) return undefined;
    void placeCampaignCall(dial);
    const retry = setInterval(() => {
      if (wasPlaced(dial)) clearInterval(retry);
      else void placeCampaignCall(dial);
    }, RETRY_PLACING_MS);
    return () => clearInterval(retry);
  }, [dial, agent, sip]);

  // The customer answered the call placed for them: their conversation opens.
  useEffect(
    () =>
      usePhoneStore.subscribe((state) => {
        const { call, dial: current } = state;
        if (current && call?.answeredAt != null && call.campaignDetailId === current.campaign_detail_id) {
          latest.current(current);
        }
      }),
    [],
  );
}
