// Who else is in a conversation right now: the colleagues viewing it (the server's 'contact.viewers' list) and
// those typing in its footer. A typing notice lasts a few seconds unless another one renews it; the message a
// colleague sends ends theirs at once. Client-only state the server pushes and never stores (Zustand).
import type { Viewer } from '@atende/contract';
import { create } from 'zustand';

/** How long "X is typing…" stays without a new notice (the server relays one at most every 2 s). */
export const TYPING_VISIBLE_MS = 5_000;

export interface PresenceState {
  viewers: Record<string, Viewer[]>;
  typing: Record<string, Viewer[]>;
}

export const usePresenceStore = create<PresenceState>()(() => ({ viewers: {}, typing: {} }));

const expiries = new Map<string, ReturnType<typeof setTimeout>>();
const expiryKey = (contactId: string, userId: string) => `${contactId}|${userId}`;

export function setViewers(contactId: string, viewers: Viewer[]): void {
  usePresenceStore.setState((state) => ({ viewers: { ...state.viewers, [contactId]: viewers } }));
}

export function stopTyping(contactId: string, userId: string): void {
  const key = expiryKey(contactId, userId);
  clearTimeout(expiries.get(key));
  expiries.delete(key);
  const current = usePresenceStore.getState().typing[contactId] ?? [];
  if (!current.some((user) => user.id === userId)) return;
  usePresenceStore.setState((state) => ({
    typing: { ...state.typing, [contactId]: current.filter((user) => user.id !== userId) },
  }));
}

export function startTyping(contactId: string, user: Viewer): void {
  const key = expiryKey(contactId, user.id);
  clearTimeout(expiries.get(key));
  expiries.set(
    key,
    setTimeout(() => stopTyping(contactId, user.id), TYPING_VISIBLE_MS),
  );
  const others = (usePresenceStore.getState().typing[contactId] ?? []).filter(
    (entry) => entry.id !== user.id,
  );
  usePresenceStore.setState((state) => ({ typing: { ...state.typing, [contactId]: [...others, user] } }));
}

/** Forgets a conversation's presence when the screen leaves it (its room no longer reports it). */
export function clearPresence(contactId: string): void {
  for (const user of usePresenceStore.getState().typing[contactId] ?? []) stopTyping(contactId, user.id);
  usePresenceStore.setState((state) => {
    const { [contactId]: _viewers, ...viewers } = state.viewers;
    const { [contactId]: _typing, ...typing } = state.typing;
    return { viewers, typing };
  });
}
