// The open conversation's room: joined when the screen opens, left when it closes, joined again after a
// reconnect; each join followed by a refetch of the latest page; realtime messages and statuses patch the
// timeline.
import type { Message, MessageStatusChanged } from '@atende/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { connectFakeSocket, disconnectFakeSocket } from '../../test/fake-socket.ts';
import { CONTACT, contactEvent, item, message, messageOf } from '../../test/messages.ts';
import { contactKeys } from '../../lib/contact-keys.ts';
import { contactOf, ME, summary } from '../../test/contacts.ts';
import { conversationKeys } from './conversation-keys.ts';
import type { Timeline } from './timeline/timeline-store.ts';
import { useConversationLive } from './use-conversation-live.ts';

afterEach(() => {
  disconnectFakeSocket();
});

function setup() {
  const socket = connectFakeSocket();
  const client = new QueryClient();
  const queryFn = vi.fn(async (): Promise<Timeline> => ({ items: [], hasMore: false }));
  const first = message();
  client.setQueryData<Timeline>(conversationKeys.timeline(CONTACT), { items: [item(first)], hasMore: false });
  // An observer keeps the query active so a refetch runs its function.
  client.getQueryCache().build(client, { queryKey: conversationKeys.timeline(CONTACT), queryFn });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useConversationLive(CONTACT), { wrapper });
  const timeline = () => client.getQueryData<Timeline>(conversationKeys.timeline(CONTACT));
  return { socket, client, hook, timeline, first, refetch: vi.spyOn(client, 'refetchQueries') };
}

describe('useConversationLive', () => {
  /** Answers the last `contact.watch` the hook emitted, as the server does once the socket is in the room. */
  const answerWatch = (socket: ReturnType<typeof setup>['socket'], joined: boolean) => {
    const watches = socket.emit.mock.calls.filter(([event]) => event === 'contact.watch');
    const ack = watches.at(-1)?.[2] as (joined: boolean) => void;
    act(() => ack(joined));
  };

  it('fetches the latest page again once in the room: what came before the join is not lost', () => {
    const { socket, refetch } = setup();
    expect(socket.emit).toHaveBeenCalledWith('contact.watch', CONTACT, expect.any(Function));
    expect(refetch).not.toHaveBeenCalled();
    answerWatch(socket, true);
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(refetch).toHaveBeenCalledWith({ queryKey: conversationKeys.timeline(CONTACT) });
  });

  it('fetches nothing when the room is refused', () => {
    const { socket, refetch } = setup();
    answerWatch(socket, false);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('watches again after a reconnect and refetches the timeline, threads, contact and CSAT; unwatches on leave', () => {
    const { socket, hook, refetch } = setup();
    answerWatch(socket, true);
    refetch.mockClear();
    act(() => useRealtimeStore.setState({ connections: 2 }));
    expect(socket.emit).toHaveBeenCalledWith('contact.unwatch', CONTACT);
    expect(socket.emit.mock.calls.filter(([event]) => event === 'contact.watch')).toHaveLength(2);
    expect(refetch).not.toHaveBeenCalled();
    answerWatch(socket, true);
    expect(refetch).toHaveBeenCalledWith({ queryKey: conversationKeys.timeline(CONTACT) });
    expect(refetch).toHaveBeenCalledWith({ queryKey: conversationKeys.threads(CONTACT) });
    expect(refetch).toHaveBeenCalledWith({ queryKey: conversationKeys.csat(CONTACT) });
    expect(refetch).toHaveBeenCalledTimes(4);
    hook.unmount();
    expect(socket.emit).toHaveBeenLastCalledWith('contact.unwatch', CONTACT);
  });

  it('adds new messages once and moves statuses forward', () => {
    const { socket, timeline, first } = setup();
    const reply: Message = message({ direction: 'out', status: 'pending' });
    act(() => socket.fire('message.created', reply));
    act(() => socket.fire('message.created', reply));
    expect(timeline()?.items.map((entry) => messageOf(entry)?.id)).toEqual([reply.id, first.id]);
    const status = (value: 'sent' | 'delivered', seconds: number): MessageStatusChanged => ({
      id: reply.id,
      contact_id: CONTACT,
      status: value,
      failure_reason: null,
      updated_at: new Date(Date.parse(reply.updated_at) + seconds * 1000).toISOString(),
    });
    act(() => socket.fire('message.status', status('delivered', 2)));
    act(() => socket.fire('message.status', status('sent', 1)));
    expect(messageOf(timeline()?.items[0])?.status).toBe('delivered');
  });

  it('adds an event registered for the contact once, in time order', () => {
    const { socket, timeline, first } = setup();
    const registered = contactEvent();
    act(() => socket.fire('event.created', registered));
    act(() => socket.fire('event.created', registered));
    expect(timeline()?.items.map((entry) => entry.type)).toEqual(['event', 'message']);
    expect(messageOf(timeline()?.items[1])?.id).toBe(first.id);
  });

  it('reads the CSAT request again when the resolved conversation changes or gets a message, not before', () => {
    const { socket, client } = setup();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const changed = (status: 'open' | 'resolved', id = CONTACT) => summary({ id, status });
    const csat = JSON.stringify(conversationKeys.csat(CONTACT));
    const csatRereads = () =>
      invalidate.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === csat);
    act(() => socket.fire('contact.updated', changed('open')));
    act(() => socket.fire('message.created', message()));
    expect(csatRereads()).toHaveLength(0);
    // Resolved: the request the server sends, then the customer's rating, each read it again.
    act(() => socket.fire('contact.updated', changed('resolved')));
    client.setQueryData(contactKeys.detail(CONTACT), contactOf(changed('resolved')));
    act(() => socket.fire('message.created', message({ direction: 'out' })));
    act(() => socket.fire('contact.updated', changed('resolved', ME)));
    expect(csatRereads()).toHaveLength(2);
  });
});
