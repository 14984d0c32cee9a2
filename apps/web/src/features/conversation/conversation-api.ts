// The conversation's calls (spec §7 "Conversations", items, messages, threads): the timeline pages, sending
// (text, file, audio, e-mail, private notes), retry, delete for everyone, read state, search and export.
import type {
  ItemsPage,
  Message,
  MessageSearchResult,
  SendTemplateRequest,
  WhatsappTemplateList,
} from '@atende/contract';
import { http, HttpError, request } from '../../lib/http.ts';
import { handleHttpError } from '../session/http-errors.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ITEMS_PAGE_SIZE } from '@atende/contract';

const base = (contactId: string) => `/conversation/${encodeURIComponent(contactId)}`;

export interface OlderThan {
  created_at: string;
  id: string;
}

export const fetchItems = (
  contactId: string,
  before: OlderThan | null,
  signal?: AbortSignal,
): Promise<ItemsPage> =>
  http.get<ItemsPage>(`${base(contactId)}/items`, {
    query: {
      limit: String(ITEMS_PAGE_SIZE),
      before_created_at: before?.created_at,
      before_id: before?.id,
    },
    signal,
  });

/** What every send may carry besides its content: the message it quotes. */
interface Quoting {
  reply_to?: string;
}

export interface SendText extends Quoting {
  text: string;
  channel_id?: string;
  client_id: string;
  internal?: boolean;
}

export const sendText = (contactId: string, body: SendText): Promise<Message> =>
  http.post<Message>(`${base(contactId)}/messages`, body, { notify: false });

/** A WhatsApp template message (the only kind WhatsApp takes outside the customer-service window). */
export const sendTemplate = (contactId: string, body: SendTemplateRequest): Promise<Message> =>
  http.post<Message>(`${base(contactId)}/messages/template`, body, { notify: false });

/** The approved templates of the company's WhatsApp accounts. */
export const whatsappTemplatesQuery = {
  queryKey: ['whatsapp-templates'] as const,
  queryFn: () => http.get<WhatsappTemplateList>('/api/whatsapp-templates'),
  staleTime: 5 * 60_000,
};

export const retryMessage = (contactId: string, messageId: string): Promise<Message> =>
  http.post<Message>(`${base(contactId)}/messages/${encodeURIComponent(messageId)}/retry`, {});

/** Deletes one's own message for everyone (the channel permitting, a note always). */
export const deleteMessage = (contactId: string, messageId: string): Promise<Message> =>
  request<Message>(`${base(contactId)}/messages/${encodeURIComponent(messageId)}`, {
    method: 'DELETE',
    notify: false,
  });

export const markRead = (contactId: string, read: boolean): Promise<{ ok: boolean }> =>
  http.post<{ ok: boolean }>(`${base(contactId)}/messages/${read ? 'read' : 'unread'}`, {});

export const searchMessages = (contactId: string, term: string, signal?: AbortSignal) =>
  http.get<MessageSearchResult>(`${base(contactId)}/messages/search`, { query: { term }, signal });

/**
 * A multipart or file call the JSON client does not make: same token, language and error handling, through
 * `fetch` directly. Answers the response (the caller reads JSON or a blob).
 */
async function rawRequest(path: string, init: RequestInit): Promise<Response> {
  const token = useSessionStore.getState().token;
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('Accept-Language', document.documentElement.lang || 'pt-BR');
  const response = await fetch(`/api${path}`, { ...init, headers });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the status alone describes the failure.
    }
    const error = new HttpError(response.status, body);
    // A refused token ends the session here too; other failures are shown by the caller.
    handleHttpError(error, { path, notify: false, unauthorized: 'sign-out' });
    throw error;
  }
  return response;
}

export interface SendFile extends Quoting {
  file: Blob;
  filename: string;
  caption?: string;
  channel_id?: string;
  client_id: string;
}

export async function sendFile(contactId: string, kind: 'file' | 'audio', input: SendFile): Promise<Message> {
  const form = new FormData();
  if (input.caption) form.set('caption', input.caption);
  if (input.channel_id) form.set('channel_id', input.channel_id);
  form.set('client_id', input.client_id);
  if (input.reply_to) form.set('reply_to', input.reply_to);
  form.set('file', input.file, input.filename);
  const response = await rawRequest(`${base(contactId)}/${kind}`, { method: 'POST', body: form });
  return (await response.json()) as Message;
}

export interface SendMail extends Quoting {
  subject: string;
  text: string;
  files: readonly File[];
  channel_id?: string;
  client_id: string;
}

/** An e-mail reply: the footer's subject and text plus any files, as one multipart request. */
export async function sendMail(contactId: string, input: SendMail): Promise<Message> {
  const form = new FormData();
  form.set('subject', input.subject);
  form.set('text', input.text);
  if (input.channel_id) form.set('channel_id', input.channel_id);
  form.set('client_id', input.client_id);
  if (input.reply_to) form.set('reply_to', input.reply_to);
  for (const file of input.files) form.append('files', file, file.name);
  const response = await rawRequest(`${base(contactId)}/messages/mail`, { method: 'POST', body: form });
  return (await response.json()) as Message;
}

export interface ExportRequest {
  start_date: string;
  end_date: string;
  format: 'html' | 'csv';
}

/** The export file and the name the server gave it (Content-Disposition). */
export async function exportConversation(
  contactId: string,
  input: ExportRequest,
): Promise<{ blob: Blob; filename: string }> {
  const query = new URLSearchParams({ ...input }).toString();
  const response = await rawRequest(`${base(contactId)}/items/export?${query}`, { method: 'GET' });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), filename: match?.[1] ?? `conversation.${input.format}` };
}
