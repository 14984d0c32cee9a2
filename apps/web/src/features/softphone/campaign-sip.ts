// The SIP side of a campaign call (issue 27): the headers the softphone adds to a call it places for a campaign
// customer (the PBX records it as a Smart Trigger call of that attempt), and what an incoming INVITE says about
// its campaign: the attempt it belongs to, and whether the PBX hands over a customer who already answered
// (power mode), which the softphone answers at once.
export const CAMPAIGN_CALL_TYPE = 2;

export const campaignCallHeaders = (campaignDetailId: string): string[] => [
  `X-Atende-Call-Type: ${CAMPAIGN_CALL_TYPE}`,
  `X-Atende-Campaign-Detail: ${campaignDetailId}`,
];

/** The part of JsSIP's incoming request read here. */
export interface HeaderSource {
  getHeader(name: string): string | undefined;
}

export function campaignInvite(request: HeaderSource): {
  campaignDetailId: string | null;
  autoAnswer: boolean;
} {
  const campaignDetailId = request.getHeader('X-Atende-Campaign-Detail')?.trim() || null;
  const trigger = request.getHeader('X-Atende-Trigger')?.trim().toLowerCase();
  return { campaignDetailId, autoAnswer: campaignDetailId !== null && trigger === 'answered' };
}
