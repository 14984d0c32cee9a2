// Channel account calls of the Center (GET/POST /center/channels, PUT /center/channels/:id and its connection
// test). Forms and the list show their own errors: no toast.
import type {
  CenterChannelAccount,
  CenterChannelList,
  ChannelAccountInput,
  ConnectionTest,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';

const quiet = { notify: false } as const;
const accountPath = (id: string) => `/center/channels/${encodeURIComponent(id)}`;

export const channelAccountsQuery = queryOptions({
  queryKey: ['center', 'channels'] as const,
  queryFn: ({ signal }) => http.get<CenterChannelList>('/center/channels', { signal, ...quiet }),
});

export const createChannelAccount = (input: ChannelAccountInput) =>
  http.post<CenterChannelAccount>('/center/channels', input, quiet);

export const updateChannelAccount = (id: string, input: ChannelAccountInput) =>
  request<CenterChannelAccount>(accountPath(id), { method: 'PUT', body: input, ...quiet });

export const testChannelAccount = (id: string) =>
  http.post<ConnectionTest>(`${accountPath(id)}/test`, {}, quiet);

export const registerChannelWebhook = (id: string) =>
  http.post<{ ok: true }>(`${accountPath(id)}/register-webhook`, {}, quiet);
