// Channel maintenance of a contact (spec §2 channel panel, §5 new channel): add, main/alternative, edit,
// blacklist. Each call answers the updated contact, which replaces the cached one unless that is newer.
import type {
  ActivateChannelRequest,
  AddChannelRequest,
  BlacklistChannelRequest,
  Contact,
  UpdateChannelRequest,
} from '@atende/contract';
import type { QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { contactKeys } from '../contacts/contact-keys.ts';

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

export function storeContact(client: QueryClient, contact: Contact): void {
  client.setQueryData<Contact>(contactKeys.detail(contact.id), (current) =>
    current && current.updated_at > contact.updated_at ? current : contact,
  );
}
