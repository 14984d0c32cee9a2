// Customer data calls (spec §7: POST conversation/{id}, wallets, jokers). Each answers the updated contact,
// stored in the contact cache unless the cached one is newer. Forms show their own errors: no toast.
import type { AddWalletRequest, Contact, JokerChoices, UpdateContactRequest } from '@atende/contract';
import { http, request } from '../../lib/http.ts';

const base = (contactId: string) => `/conversation/${encodeURIComponent(contactId)}`;
const quiet = { notify: false } as const;

export const updateContact = (contactId: string, body: UpdateContactRequest) =>
  http.post<Contact>(base(contactId), body, quiet);

export const addWallet = (contactId: string, body: AddWalletRequest) =>
  http.post<Contact>(`${base(contactId)}/wallets`, body, quiet);

export const removeWallet = (contactId: string, walletId: string) =>
  request<Contact>(`${base(contactId)}/wallets/${encodeURIComponent(walletId)}`, {
    method: 'DELETE',
    ...quiet,
  });

export const fetchJokers = (contactId: string, signal?: AbortSignal) =>
  http.get<JokerChoices>(`${base(contactId)}/jokers`, { signal });

export const setJoker = (contactId: string, jokerId: string) =>
  http.post<Contact>(`${base(contactId)}/jokers/${encodeURIComponent(jokerId)}`, {}, quiet);
