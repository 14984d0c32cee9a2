// Center › Campaigns (issue 27): the company's power-dial campaigns, their create / edit / delete, start / pause /
// resume / finish, the power ratio, the live view and the attempts. The live view is read again on the
// realtime `campaign.changed` (campaign-live.ts), which invalidates everything under CAMPAIGNS_KEY.
import type {
  Campaign,
  CampaignAction,
  CampaignAttemptPage,
  CampaignList,
  CampaignLive,
  CampaignRequest,
  Ok,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';

export const CAMPAIGNS_KEY = ['center', 'campaigns'] as const;
export const ATTEMPTS_PAGE = 50;

const quiet = { notify: false } as const;
const campaignPath = (id: string) => `/campaigns/${encodeURIComponent(id)}`;

export const campaignsQuery = queryOptions({
  queryKey: [...CAMPAIGNS_KEY, 'list'] as const,
  queryFn: ({ signal }) => http.get<CampaignList>('/campaigns', { signal }),
});

export const campaignLiveQuery = (id: string) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, 'live', id] as const,
    queryFn: ({ signal }) => http.get<CampaignLive>(`${campaignPath(id)}/live`, { signal }),
  });

export const attemptsQuery = (id: string, cursor: string | null) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, 'attempts', id, cursor] as const,
    queryFn: ({ signal }) =>
      http.get<CampaignAttemptPage>(`${campaignPath(id)}/attempts`, {
        query: { limit: String(ATTEMPTS_PAGE), cursor: cursor ?? undefined },
        signal,
      }),
  });

export const saveCampaign = (id: string | null, body: CampaignRequest) =>
  id
    ? request<Campaign>(campaignPath(id), { method: 'PUT', body, ...quiet })
    : http.post<Campaign>('/campaigns', body, quiet);

export const deleteCampaign = (id: string) => request<Ok>(campaignPath(id), { method: 'DELETE', ...quiet });

export const actOnCampaign = (id: string, action: CampaignAction) =>
  http.post<Campaign>(`${campaignPath(id)}/${action}`, undefined, quiet);

export const changeRatio = (id: string, ratio: number) =>
  request<Campaign>(`${campaignPath(id)}/ratio`, { method: 'PATCH', body: { ratio }, ...quiet });

/** What a supervisor may do from each status (delete: a draft only). */
export const CAMPAIGN_ACTIONS: Record<Campaign['status'], CampaignAction[]> = {
  draft: ['start'],
  running: ['pause', 'finish'],
  paused: ['resume', 'finish'],
  finished: [],
};
