// The attendant's side of power-dial campaigns (issue 27, spec §7 phone/next-dial and phone/user/campaign):
// the campaign customer the dialer gave them now, what became of it (dialled, with the call's SIP Call-ID, or
// skipped in preview), and their own campaigns with the switch of their participation.
import type {
  NextDialRequest,
  NextDialResult,
  Ok,
  UserCampaign,
  UserCampaignList,
  UserCampaignRequest,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

const quiet = { notify: false } as const;

export const nextDial = () => http.get<NextDialResult>('/phone/next-dial', quiet);

export const reportNextDial = (body: NextDialRequest) => http.post<Ok>('/phone/next-dial', body, quiet);

export const userCampaignsQuery = queryOptions({
  queryKey: ['phone-user-campaigns'],
  queryFn: ({ signal }) => http.get<UserCampaignList>('/phone/user/campaign', { signal, ...quiet }),
});

export const setUserCampaign = (body: UserCampaignRequest) =>
  http.post<UserCampaign>('/phone/user/campaign', body, quiet);
