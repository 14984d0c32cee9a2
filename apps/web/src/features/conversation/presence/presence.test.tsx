// Who else is in the conversation: colleagues viewing it appear in the info bar (not the user), "X is typing…"
// appears when a colleague types and clears a few seconds after the last notice or when their message arrives;
// this user's typing reaches the room at most once every two seconds.
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectFakeSocket, disconnectFakeSocket } from '../../../test/fake-socket.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { renderConversationPart } from '../../../test/conversation-render.tsx';
import { CONTACT, message } from '../../../test/messages.ts';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { TYPING_VISIBLE_MS, usePresenceStore } from './presence-store.ts';
import { TypingIndicator } from './TypingIndicator.tsx';
import { TYPING_EMIT_MS, useConversationPresence, useTypingNotice } from './use-conversation-presence.ts';
import { ViewersBar } from './ViewersBar.tsx';

const me = demoUser();
const ana = { id: '01a201b8-77c6-726a-8fd7-da45649e4f0a', name: 'Ana Lima' };
const bruno = { id: '01a201b8-77c6-726a-8fd7-da45649e4f0b', name: 'Bruno Dias' };

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: me, token: 'token' });
});
afterEach(() => {
  disconnectFakeSocket();
  vi.useRealTimers();
});

function Presence() {
  useConversationPresence(CONTACT);
  return (
    <>
      <ViewersBar contactId={CONTACT} />
      <TypingIndicator contactId={CONTACT} />
    </>
  );
}

const typingText = () => screen.getByTestId('typing-indicator').textContent;

describe('presence in a conversation', () => {
  it('shows the colleagues viewing it, without the user, and forgets them when the screen closes', () => {
    const socket = connectFakeSocket();
    const view = renderConversationPart(<Presence />);
    expect(screen.queryByTestId('viewers')).toBeNull();
    act(() =>
      socket.fire('contact.viewers', { contact_id: CONTACT, viewers: [{ id: me.id, name: me.name }, ana] }),
    );
    const viewers = screen.getAllByTestId('viewer');
    expect(viewers.map((viewer) => viewer.textContent)).toEqual(['AL']);
    expect(screen.getByTestId('viewers').getAttribute('aria-label')).toBe('Também nesta conversa: Ana Lima');
    // Another conversation's viewers are not this one's.
    act(() => socket.fire('contact.viewers', { contact_id: 'other', viewers: [bruno] }));
    expect(screen.getAllByTestId('viewer')).toHaveLength(1);
    view.unmount();
    expect(usePresenceStore.getState().viewers[CONTACT]).toBeUndefined();
  });

  it('says who is typing and clears it after a few idle seconds or when their message arrives', () => {
    vi.useFakeTimers();
    const socket = connectFakeSocket();
    renderConversationPart(<Presence />);
    expect(typingText()).toBe('');
    act(() => socket.fire('contact.typing', { contact_id: CONTACT, user: ana }));
    expect(typingText()).toBe('Ana Lima está digitando…');
    act(() => socket.fire('contact.typing', { contact_id: CONTACT, user: bruno }));
    expect(typingText()).toBe('Ana Lima e Bruno Dias estão digitando…');

    // Ana keeps typing (a new notice renews hers); Bruno stops and his notice expires.
    act(() => vi.advanceTimersByTime(TYPING_VISIBLE_MS - 1000));
    act(() => socket.fire('contact.typing', { contact_id: CONTACT, user: ana }));
    act(() => vi.advanceTimersByTime(1000));
    expect(typingText()).toBe('Ana Lima está digitando…');

    // Ana sends: her notice ends at once.
    const sent = message({ direction: 'out', sender: { type: 'user', id: ana.id, name: ana.name } });
    act(() => socket.fire('message.created', sent));
    expect(typingText()).toBe('');
  });

  it('tells the room this user is typing at most once every two seconds', () => {
    vi.useFakeTimers();
    const socket = connectFakeSocket();
    const { result } = renderHook(() => useTypingNotice(CONTACT));
    result.current();
    result.current();
    vi.advanceTimersByTime(TYPING_EMIT_MS - 1);
    result.current();
    expect(socket.emit.mock.calls).toEqual([['contact.typing', CONTACT]]);
    vi.advanceTimersByTime(1);
    result.current();
    expect(socket.emit.mock.calls).toHaveLength(2);
  });
});
