// Calls about one message of the conversation (spec §7 messages): toggle a reaction, the message data panel,
// the HTML version of an e-mail and a transcription request. Failures are presented by the caller (inline),
// so none of them raises the global toast.
import type { Message, MessageHtml, MessageMetaData } from '@atende/contract';
import { http } from '../../../lib/http.ts';

const messagePath = (contactId: string, messageId: string) =>
  `/conversation/${encodeURIComponent(contactId)}/messages/${encodeURIComponent(messageId)}`;

/** The message as it is now: fresh addresses for its files (use-fresh-attachments.ts). */
export const fetchMessage = (contactId: string, messageId: string): Promise<Message> =>
  http.get<Message>(messagePath(contactId, messageId), { notify: false });

/** Adds the user's reaction, or removes it when it is the same emoji; answers the whole message. */
export const toggleReaction = (contactId: string, messageId: string, emoji: string): Promise<Message> =>
  http.post<Message>(`${messagePath(contactId, messageId)}/reaction`, { emoji }, { notify: false });

export const fetchMetaData = (
  contactId: string,
  messageId: string,
  signal?: AbortSignal,
): Promise<MessageMetaData> =>
  http.get<MessageMetaData>(`${messagePath(contactId, messageId)}/meta-data`, { signal, notify: false });

export const fetchMessageHtml = (
  contactId: string,
  messageId: string,
  signal?: AbortSignal,
): Promise<MessageHtml> =>
  http.get<MessageHtml>(`${messagePath(contactId, messageId)}/html`, { signal, notify: false });

/** Transcribes an audio message; answers the message with its `transcription`. */
export const requestTranscription = (contactId: string, messageId: string): Promise<Message> =>
  http.post<Message>(`${messagePath(contactId, messageId)}/transcribe`, {}, { notify: false });
