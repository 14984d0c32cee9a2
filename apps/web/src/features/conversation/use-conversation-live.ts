// The open conversation's realtime room: joins it ('contact.watch') while the screen is open and again after
// every reconnect; once joined, refetches the latest page (and after a reconnect the threads and the contact:
// events may have been missed while away);
// new messages, registered events, calls (as they ring, are answered and end), delivery statuses and changed
// messages (reactions) patch the timeline;
// thread events patch the threads; while the conversation is resolved, its messages and changes (the request
// sent, the customer's rating or comment) read its satisfaction request again.
import type {
  CallRecord,
  Contact,
  ContactEvent,
  ContactSummary,
  Message,
  MessageStatusChanged,
  Thread,
  ThreadMessage,
} from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { contactKeys } from '../../lib/contact-keys.ts';
import { conversationKeys } from './conversation-keys.ts';
import { applyThreadMessage, applyThreadUpdate } from './panels/thread-cache.ts';
import { addCall, addEvent, addMessage, patchStatus } from './timeline/timeline-queries.ts';

export function useConversationLive(contactId: string): void {
  const client = useQueryClient();
  const socket = useRealtimeStore((state) => state.socket);
  const connections = useRealtimeStore((state) => state.connections);
  const watchedAt = useRef<{ contactId: string; connections: number } | null>(null);

  useEffect(() => {
    if (!socket) return undefined;
    // A resolved conversation's satisfaction request changes with what comes now: the request sent, the
    // customer's rating or comment.
    const rereadCsat = () => void client.invalidateQueries({ queryKey: conversationKeys.csat(contactId) });
    const resolved = () => client.getQueryData<Contact>(contactKeys.detail(contactId))?.status === 'resolved';
    const handleCreated = (message: Message) => {
      addMessage(client, message);
      if (message.contact_id === contactId && resolved()) rereadCsat();
    };
    const handleStatus = (event: MessageStatusChanged) => patchStatus(client, event);
    const handleEvent = (event: ContactEvent) => addEvent(client, event);
    const handleCall = (call: CallRecord) => addCall(client, call);
    const handleThread = (thread: Thread) => applyThreadUpdate(client, thread);
    const handleThreadMessage = (message: ThreadMessage & { contact_id: string }) =>
      applyThreadMessage(client, message);
    const handleContact = (summary: ContactSummary) => {
      if (summary.id === contactId && summary.status === 'resolved') rereadCsat();
    };
    socket.on('message.created', handleCreated);
    // A changed message (a reaction) comes whole: it replaces the cached one like a new one would.
    socket.on('message.updated', handleCreated);
    socket.on('message.status', handleStatus);
    socket.on('event.created', handleEvent);
    socket.on('call.changed', handleCall);
    socket.on('thread.updated', handleThread);
    socket.on('thread.message', handleThreadMessage);
    socket.on('contact.updated', handleContact);
    return () => {
      socket.off('message.created', handleCreated);
      socket.off('message.updated', handleCreated);
      socket.off('message.status', handleStatus);
      socket.off('event.created', handleEvent);
      socket.off('call.changed', handleCall);
      socket.off('thread.updated', handleThread);
      socket.off('thread.message', handleThreadMessage);
      socket.off('contact.updated', handleContact);
    };
  }, [socket, client, contactId]);

  useEffect(() => {
    if (!socket?.connected || connections === 0) return undefined;
    const previous = watchedAt.current;
    watchedAt.current = { contactId, connections };
    const reconnected = previous?.contactId === contactId && previous.connections !== connections;
    socket.emit('contact.watch', contactId, (joined: boolean) => {
      if (!joined) return;
      // What was created before the room was joined reached no socket of ours: the timeline the screen
      // fetched while joining may miss it (a customer writing as the conversation opens), so its latest page
      // is fetched again once in the room; after a reconnection, everything the screen shows.
      void client.refetchQueries({ queryKey: conversationKeys.timeline(contactId) });
      if (reconnected) {
        void client.refetchQueries({ queryKey: conversationKeys.threads(contactId) });
        void client.refetchQueries({ queryKey: contactKeys.detail(contactId) });
        void client.refetchQueries({ queryKey: conversationKeys.csat(contactId) });
      }
    });
    return () => {
      if (socket.connected) socket.emit('contact.unwatch', contactId);
    };
  }, [socket, connections, contactId, client]);
}
