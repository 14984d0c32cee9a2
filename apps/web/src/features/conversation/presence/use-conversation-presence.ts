// The presence events of the open conversation's room into the presence store, and the typing notice this
// user sends while writing in the footer (at most every TYPING_EMIT_MS, the pace the server relays).
import type { ContactTyping, ContactViewers, Message } from '@atende/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useRealtimeStore } from '../../../lib/realtime.ts';
import { clearPresence, setViewers, startTyping, stopTyping } from './presence-store.ts';

export const TYPING_EMIT_MS = 2_000;

export function useConversationPresence(contactId: string): void {
  const socket = useRealtimeStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return undefined;
    const handleViewers = (event: ContactViewers) => {
      if (event.contact_id === contactId) setViewers(contactId, event.viewers);
    };
    const handleTyping = (event: ContactTyping) => {
      if (event.contact_id === contactId) startTyping(contactId, event.user);
    };
    // A colleague's message ends their "typing…" without waiting for it to expire.
    const handleMessage = (message: Message) => {
      if (message.contact_id === contactId && message.sender.type === 'user' && message.sender.id) {
        stopTyping(contactId, message.sender.id);
      }
    };
    socket.on('contact.viewers', handleViewers);
    socket.on('contact.typing', handleTyping);
    socket.on('message.created', handleMessage);
    return () => {
      socket.off('contact.viewers', handleViewers);
      socket.off('contact.typing', handleTyping);
      socket.off('message.created', handleMessage);
      clearPresence(contactId);
    };
  }, [socket, contactId]);
}

/** A callback for every keystroke in the footer; it tells the room at most once every TYPING_EMIT_MS. */
export function useTypingNotice(contactId: string): () => void {
  const lastSent = useRef(0);
  return useCallback(() => {
    const socket = useRealtimeStore.getState().socket;
    const now = Date.now();
    if (!socket?.connected || now - lastSent.current < TYPING_EMIT_MS) return;
    lastSent.current = now;
    socket.emit('contact.typing', contactId);
  }, [contactId]);
}
