// Scheduled returns (spec §7 Scheduling): a contact's schedules, create, edit, remove. Errors are shown by the
// modals (conflict_contact with the spec's text), so no toast.
import type { Ok, Schedule, ScheduleRequest, ScheduleUpdateRequest } from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';

const base = '/conversation/scheduling';
const one = (contactId: string, scheduleId: string) =>
  `${base}/${encodeURIComponent(contactId)}/${encodeURIComponent(scheduleId)}`;
const quiet = { notify: false } as const;

export const scheduleKeys = {
  all: ['schedules'] as const,
  contact: (contactId: string) => ['schedules', 'contact', contactId] as const,
};

export const contactSchedulesQuery = (contactId: string) =>
  queryOptions({
    queryKey: scheduleKeys.contact(contactId),
    queryFn: ({ signal }) =>
      http.get<{ data: Schedule[] }>(`${base}/${encodeURIComponent(contactId)}`, { signal }),
  });

export const createSchedule = (contactId: string, body: ScheduleRequest) =>
  http.post<Schedule>(`${base}/${encodeURIComponent(contactId)}`, body, quiet);

export const updateSchedule = (contactId: string, scheduleId: string, body: ScheduleUpdateRequest) =>
  request<Schedule>(one(contactId, scheduleId), { method: 'PUT', body, ...quiet });

export const removeSchedule = (contactId: string, scheduleId: string) =>
  request<Ok>(one(contactId, scheduleId), { method: 'DELETE', ...quiet });
