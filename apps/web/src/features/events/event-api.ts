// Events of a contact (spec §7 POST conversation/{id}/events; the panel's last ten).
import type { ContactEvent, NewEventRequest } from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

const path = (contactId: string) => `/conversation/${encodeURIComponent(contactId)}/events`;

export const eventKeys = {
  recent: (contactId: string) => ['events', contactId] as const,
};

export const recentEventsQuery = (contactId: string) =>
  queryOptions({
    queryKey: eventKeys.recent(contactId),
    queryFn: ({ signal }) => http.get<{ data: ContactEvent[] }>(path(contactId), { signal }),
  });

export const registerEvent = (contactId: string, body: NewEventRequest) =>
  http.post<ContactEvent>(path(contactId), body, { notify: false });
