// Broadcasts API (issue 25): transmission lists, the review, broadcasts and their actions, the report and its
// CSV. Realtime `broadcast.changed` invalidates BROADCASTS_KEY (features/realtime), so progress stays live.
import type {
  Broadcast,
  BroadcastAction,
  BroadcastAudienceRequest,
  BroadcastCsvPreview,
  BroadcastFile,
  BroadcastList,
  BroadcastListRequest,
  BroadcastPreview,
  BroadcastReport,
  BroadcastRequest,
  WhatsappTemplate,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';
import { BROADCASTS_KEY } from '../../lib/broadcast-keys.ts';

const quiet = { notify: false } as const;

export const broadcastsQuery = queryOptions({
  queryKey: [...BROADCASTS_KEY, 'list'] as const,
  queryFn: ({ signal }) => http.get<{ data: Broadcast[] }>('/broadcasts', { signal }),
});

export const broadcastQuery = (id: string) =>
  queryOptions({
    queryKey: [...BROADCASTS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => http.get<Broadcast>(`/broadcasts/${encodeURIComponent(id)}`, { signal }),
  });

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: [...BROADCASTS_KEY, 'report', id] as const,
    queryFn: ({ signal }) =>
      http.get<BroadcastReport>(`/broadcasts/${encodeURIComponent(id)}/recipients`, {
        query: { limit: '200' },
        signal,
      }),
  });

export const listsQuery = queryOptions({
  queryKey: [...BROADCASTS_KEY, 'lists'] as const,
  queryFn: ({ signal }) => http.get<{ data: BroadcastList[] }>('/broadcasts/lists', { signal }),
});

export const templatesQuery = (accountId: string) =>
  queryOptions({
    queryKey: ['whatsapp-templates', accountId] as const,
    queryFn: ({ signal }) =>
      http.get<{ data: WhatsappTemplate[] }>('/whatsapp-templates', {
        query: { channel_account_id: accountId },
        signal,
      }),
  });

export const createList = (body: BroadcastListRequest) =>
  http.post<BroadcastList>('/broadcasts/lists', body, quiet);

export function previewCsv(file: File, kind: 'whatsapp' | 'sms'): Promise<BroadcastCsvPreview> {
  const form = new FormData();
  form.append('file', file);
  return request<BroadcastCsvPreview>('/broadcasts/lists/csv-preview', {
    method: 'POST',
    body: form,
    query: { kind },
    ...quiet,
  });
}

/** A broadcast's file, stored before the review; the message then names it. */
export function uploadBroadcastFile(file: File): Promise<BroadcastFile> {
  const form = new FormData();
  form.append('file', file);
  return request<BroadcastFile>('/broadcasts/files', { method: 'POST', body: form, ...quiet });
}

export const previewBroadcast = (body: BroadcastAudienceRequest) =>
  http.post<BroadcastPreview>('/broadcasts/preview', body, quiet);

export const createBroadcast = (body: BroadcastRequest) => http.post<Broadcast>('/broadcasts', body, quiet);

export const actOnBroadcast = (id: string, action: BroadcastAction) =>
  http.post<Broadcast>(`/broadcasts/${encodeURIComponent(id)}/${action}`, undefined, quiet);

/** The whole report as the server streams it, as a file. */
export async function exportReport(id: string): Promise<Blob> {
  const text = await request<string>(`/broadcasts/${encodeURIComponent(id)}/recipients.csv`, quiet);
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}
