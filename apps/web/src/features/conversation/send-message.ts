// Sending from the composer: the message shows at once as pending (an optimistic copy keyed by the send's
// client_id), the server's answer replaces it, a refusal removes it. The client_id makes a repeated request
// (the user presses Send again after a network failure) create nothing new on the server.
import type { ContactChannel, Message, User } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../session/user-api.ts';
import { sendFile, sendText } from './conversation-api.ts';
import { localIdOf } from './timeline-store.ts';
import { addMessage, dropMessage } from './timeline-queries.ts';

export type Outgoing =
  { kind: 'text'; text: string } | { kind: 'file' | 'audio'; file: Blob; filename: string; caption: string };

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
    text: outgoing.kind === 'text' ? outgoing.text : outgoing.caption,
    subject: null,
    has_html: false,
    attachments: [],
    reactions: [],
    status: 'pending',
    failure_reason: null,
    read: true,
    created_at: now,
    updated_at: now,
  };
}

export function useSendMessage(contactId: string) {
  const client = useQueryClient();
  const user = useCurrentUser();
  return useCallback(
    async (channel: ContactChannel, clientId: string, outgoing: Outgoing): Promise<Message> => {
      // A file's preview comes with the server's answer; only text shows before it.
      if (outgoing.kind === 'text') {
        addMessage(client, optimisticMessage(contactId, channel, user, clientId, outgoing));
      }
      try {
        const message =
          outgoing.kind === 'text'
            ? await sendText(contactId, { text: outgoing.text, channel_id: channel.id, client_id: clientId })
            : await sendFile(contactId, outgoing.kind, {
                file: outgoing.file,
                filename: outgoing.filename,
                caption: outgoing.caption || undefined,
                channel_id: channel.id,
                client_id: clientId,
              });
        addMessage(client, message, clientId);
        return message;
      } catch (error) {
        dropMessage(client, contactId, localIdOf(clientId));
        throw error;
      }
    },
    [client, contactId, user],
  );
}
