// The softphone's calls to the server (spec §7 `phone/settings`, `phone/reasons`): its own SIP registration
// and the company's phone settings, the record of a call it took or placed (by SIP Call-ID; reported step by
// step where the PBX is external), its classification and its transfer to a colleague, the online operators
// (kept live by the realtime `phone.operators` event), and the customer a number belongs to (the contact
// search by phone).
import type {
  CallRecord,
  CallReport,
  CallReportResult,
  CallTransfer,
  ClassifyCall,
  ContactSummary,
  OnlineOperatorList,
  PhoneSettings,
  TransferCall,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../lib/http.ts';
import { searchContactPage } from '../contacts/contact-api.ts';

export const phoneSettingsQuery = queryOptions({
  queryKey: ['phone-settings'],
  queryFn: () => http.get<PhoneSettings>('/phone/settings', { notify: false }),
  // The password and settings change only in the Center; a new login asks again.
  staleTime: Infinity,
  retry: 2,
});

/** The customer a caller's number belongs to (the best match of the phone search), or null. */
export const callerQuery = (number: string) =>
  queryOptions({
    queryKey: ['phone-caller', number],
    queryFn: async ({ signal }): Promise<ContactSummary | null> => {
      const page = await searchContactPage(
        { parameter: 'phone', value: number, origin: 'general' },
        null,
        signal,
      );
      return page.data[0] ?? null;
    },
    enabled: number.replace(/\D/g, '').length >= 4,
    staleTime: 60_000,
  });

export const ownCall = (sipCallId: string) =>
  http.get<CallRecord>(`/phone/calls/by-call-id/${encodeURIComponent(sipCallId)}`, { notify: false });

export const reportCall = (body: CallReport) =>
  http.post<CallReportResult>('/phone/calls/report', body, { notify: false });

export const reportRegistration = (registered: boolean) =>
  request<CallReportResult>('/phone/registration', {
    method: 'PUT',
    body: { registered },
    notify: false,
  });

export const classifyCall = (id: string, body: ClassifyCall) =>
  http.post<CallRecord>(`/phone/calls/${id}/classification`, body, { notify: false });

export const transferCall = (id: string, body: TransferCall) =>
  http.post<CallTransfer>(`/phone/calls/${id}/transfer`, body, { notify: false });

/** Who of the company is registered with the PBX and what each is doing; the realtime event keeps it. */
export const operatorsQuery = queryOptions({
  queryKey: ['phone-operators'],
  queryFn: () => http.get<OnlineOperatorList>('/phone/operators', { notify: false }),
});
