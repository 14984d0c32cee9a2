// Sending from the composer: the message shows at once as pending (an optimistic copy keyed by the send's
// client_id), the server's answer replaces it, a refusal removes it. The client_id makes a repeated request
// (the user presses Send again after a network failure) create nothing new on the server. Any send may quote a
// message; a private note is text that stays among colleagues.
import {
  fillTemplate,
  type ContactChannel,
  type Message,
  type QuotedMessage,
  type User,
  type WhatsappTemplate,
} from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { sendFile, sendMail, sendTemplate, sendText } from '../conversation-api.ts';
import { localIdOf } from '../timeline/timeline-store.ts';
import { addMessage, dropMessage } from '../timeline/timeline-queries.ts';

export type Outgoing = (
  | { kind: 'text' | 'note'; text: string }
  | { kind: 'file' | 'audio'; file: Blob; filename: string; caption: string }
  | { kind: 'mail'; subject: string; text: string; files: readonly File[] }
  /** A WhatsApp template (outside the customer-service window): its body with the variables filled. */
  | { kind: 'template'; template: WhatsappTemplate; variables: string[] }
) & { quote?: QuotedMessage | null };

const textOf = (outgoing: Outgoing): string =>
  outgoing.kind === 'template'
    ? fillTemplate(outgoing.template.body, outgoing.variables)
    : 'caption' in outgoing
      ? outgoing.caption
      : outgoing.text;

export function optimisticMessage(
  contactId: string,
  channel: ContactChannel,
  user: Pick<User, 'id' | 'name'> | null,
  clientId: string,
  outgoing: Outgoing,
  now = new Date().toISOString(),
): Message {
  return {
    id: localIdOf(clientId),
    contact_id: contactId,
    channel: { id: channel.id, type: channel.type },
    direction: 'out',
    sender: { type: 'user', id: user?.id ?? null, name: user?.name ?? null },
    text: textOf(outgoing),
    client_id: clientId,
    subject: outgoing.kind === 'mail' ? outgoing.subject : null,
    has_html: false,
    attachments: [],
    reactions: [],
    status: 'pending',
    failure_reason: null,
    read: true,
    reply_to: outgoing.quote ?? null,
    broadcast: null,
    transcription: null,
    internal: outgoing.kind === 'note',
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}

function deliver(contactId: string, channel: ContactChannel, clientId: string, outgoing: Outgoing) {
  const target = { channel_id: channel.id, client_id: clientId, reply_to: outgoing.quote?.id };
  switch (outgoing.kind) {
    case 'text':
      return sendText(contactId, { text: outgoing.text, ...target });
    case 'note':
      return sendText(contactId, { text: outgoing.text, ...target, internal: true });
    case 'template':
      return sendTemplate(contactId, {
        template_id: outgoing.template.id,
        variables: outgoing.variables,
        channel_id: channel.id,
        client_id: clientId,
      });
    case 'mail':
      return sendMail(contactId, {
        subject: outgoing.subject,
        text: outgoing.text,
        files: outgoing.files,
        ...target,
      });
    default:
      return sendFile(contactId, outgoing.kind, {
        file: outgoing.file,
        filename: outgoing.filename,
        caption: outgoing.caption || undefined,
        ...target,
      });
  }
}

export function useSendMessage(contactId: string) {
  const client = useQueryClient();
  const user = useCurrentUser();
  return useCallback(
    async (channel: ContactChannel, clientId: string, outgoing: Outgoing): Promise<Message> => {
      // A file's preview comes with the server's answer; only text (a note's, an e-mail's) shows before it.
      if (outgoing.kind !== 'file' && outgoing.kind !== 'audio') {
        addMessage(client, optimisticMessage(contactId, channel, user, clientId, outgoing));
      }
      try {
        const message = await deliver(contactId, channel, clientId, outgoing);
        addMessage(client, message);
        return message;
      } catch (error) {
        dropMessage(client, contactId, localIdOf(clientId));
        throw error;
      }
    },
    [client, contactId, user],
  );
}
