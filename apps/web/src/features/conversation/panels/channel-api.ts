// Channel maintenance of a contact (spec §2 channel panel, §5 new channel): add, main/alternative, edit,
// blacklist. Each call answers the updated contact (the panel stores it with useContactChange).
import type {
  ActivateChannelRequest,
  AddChannelRequest,
  BlacklistChannelRequest,
  Contact,
  UpdateChannelRequest,
} from '@atende/contract';
import { http } from '../../../lib/http.ts';

const base = (contactId: string) => `/conversation/${encodeURIComponent(contactId)}/channels`;
const one = (contactId: string, channelId: string) => `${base(contactId)}/${encodeURIComponent(channelId)}`;

/** The panel shows these errors in its forms; the toast would repeat them. */
const quiet = { notify: false } as const;

export const addChannel = (contactId: string, body: AddChannelRequest) =>
  http.post<Contact>(base(contactId), body, quiet);

export const activateChannel = (contactId: string, channelId: string, body: ActivateChannelRequest) =>
  http.post<Contact>(`${one(contactId, channelId)}/active`, body);

export const updateChannel = (contactId: string, channelId: string, body: UpdateChannelRequest) =>
  http.post<Contact>(`${one(contactId, channelId)}/update`, body, quiet);

export const blacklistChannel = (contactId: string, channelId: string, body: BlacklistChannelRequest) =>
  http.post<Contact>(`${one(contactId, channelId)}/blacklist`, body, quiet);
