// A conversation's life and ownership (issue 20): resolve, reopen, snooze, assign or return to the queue; each
// answers the updated contact. The supervisors' bulk actions are the list's (contacts/contact-api.ts).
import type { AssignRequest, Contact, ResolveRequest } from '@atende/contract';
import { http } from '../../../lib/http.ts';

const base = (contactId: string) => `/conversation/${encodeURIComponent(contactId)}`;

export const resolveConversation = (contactId: string, body: ResolveRequest = {}): Promise<Contact> =>
  http.post<Contact>(`${base(contactId)}/resolve`, body);

export const reopenConversation = (contactId: string): Promise<Contact> =>
  http.post<Contact>(`${base(contactId)}/reopen`, {});

export const snoozeConversation = (contactId: string, until: Date): Promise<Contact> =>
  http.post<Contact>(`${base(contactId)}/snooze`, { until: until.toISOString() });

export const assignConversation = (contactId: string, body: AssignRequest): Promise<Contact> =>
  http.post<Contact>(`${base(contactId)}/assign`, body);
