// Message actions in the conversation: who each bubble names, answering with a quote (Esc cancels), copying,
// deleting for everyone where the channel can (absent for others' messages, disabled with the reason on
// e-mail), private notes from the footer, and the reply-channel picker's readable names.
import type { ContactChannel, Message } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { renderConversationPart } from '../../../test/conversation-render.tsx';
import { CONTACT, channel, EMAIL, message } from '../../../test/messages.ts';
import { i18n, loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { channelLabel } from '../channel-label.ts';
import { Composer, type ComposerProps } from '../composer/Composer.tsx';
import { conversationKeys } from '../conversation-keys.ts';
import { MessageBubble } from './MessageBubble.tsx';
import type { Timeline } from './timeline-store.ts';

const ME = demoUser().id;
const COLLEAGUE = '01a201b8-77c6-726a-8fd7-da45649e4f02';
// Menus and dialogs open with an animation: on a busy machine that takes seconds.
const SLOW = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });
const CHAT = '01a201b8-7800-7000-8000-0000000000c3';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

/** Every cached message as the timeline shows it. */
function CachedBubbles() {
  const timeline = useQuery<Timeline>({
    queryKey: conversationKeys.timeline(CONTACT),
    queryFn: () => Promise.reject(new Error('no fetch in this test')),
    staleTime: Infinity,
  });
  return (
    <>
      {[...(timeline.data?.items ?? [])]
        .reverse()
        .map((entry) =>
          entry.type === 'message' ? (
            <MessageBubble
              key={entry.message.id}
              message={entry.message}
              time="12:00"
              highlight={null}
              focused={false}
              onRetry={() => undefined}
            />
          ) : null,
        )}
    </>
  );
}

const own = (overrides: Partial<Message> = {}) =>
  message({
    direction: 'out',
    sender: { type: 'user', id: ME, name: demoUser().name },
    status: 'sent',
    ...overrides,
  });

const bubbleOf = (value: Message) =>
  screen.getAllByTestId('message').find((element) => element.dataset.messageId === value.id)!;

async function openMenu(value: Message) {
  await userEvent.click(within(bubbleOf(value)).getByTestId('message-actions'));
  await screen.findByRole('menuitem', { name: 'Dados da mensagem' }, SLOW);
}

const menuItem = (testId: string) => screen.findByTestId(testId, {}, SLOW);

async function closeMenu() {
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull(), SLOW);
}

/** The bubbles with the conversation's footer below them. */
function renderWithFooter(messages: Message[]) {
  const onSend = vi.fn<ComposerProps['onSend']>().mockResolvedValue(undefined);
  renderConversationPart(
    <>
      <CachedBubbles />
      <Composer
        contactId={CONTACT}
        channels={[channel()]}
        channelId={channel().id}
        onChannelChange={() => undefined}
        onSend={onSend}
      />
    </>,
    messages,
  );
  return onSend;
}

describe('sender names', () => {
  it('names the customer by the contact, the user as "Você" and a colleague by name', () => {
    const incoming = message({ sender: { type: 'customer', id: null, name: null } });
    const mine = own();
    const theirs = message({ direction: 'out', sender: { type: 'user', id: COLLEAGUE, name: 'Bruno' } });
    renderConversationPart(<CachedBubbles />, [incoming, mine, theirs]);
    const names = screen.getAllByTestId('message-sender').map((element) => element.textContent);
    expect(names).toEqual(['Maria Souza', 'Você', 'Bruno']);
  });
});

describe('answering a message', () => {
  it('quotes it above the footer, with the caret there, and Esc cancels it', async () => {
    const asked = message({ text: 'Qual o prazo de entrega?' });
    renderWithFooter([asked]);
    await openMenu(asked);
    await userEvent.click(await menuItem('message-reply'));
    const quote = await screen.findByTestId('composer-quote');
    expect(quote.textContent).toContain('Respondendo a Maria Souza');
    expect(quote.textContent).toContain('Qual o prazo de entrega?');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('composer-text')));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('composer-quote')).toBeNull();
  });

  it('sends the quote along and clears it once sent', async () => {
    const asked = message({ text: 'Qual o prazo de entrega?' });
    const onSend = renderWithFooter([asked]);
    await openMenu(asked);
    await userEvent.click(await menuItem('message-reply'));
    await screen.findByTestId('composer-quote');
    await userEvent.type(screen.getByTestId('composer-text'), 'Cinco dias úteis.{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]![2]).toEqual({
      kind: 'text',
      text: 'Cinco dias úteis.',
      quote: { id: asked.id, direction: 'in', text: 'Qual o prazo de entrega?', deleted: false },
    });
    await waitFor(() => expect(screen.queryByTestId('composer-quote')).toBeNull());
  });

  it('shows the excerpt a reply quotes, or that it was deleted', () => {
    const reply = own({ reply_to: { id: CHAT, direction: 'in', text: 'Pergunta antiga', deleted: false } });
    const late = own({ reply_to: { id: CHAT, direction: 'in', text: '', deleted: true } });
    renderConversationPart(<CachedBubbles />, [reply, late]);
    const quotes = screen.getAllByTestId('message-quote').map((element) => element.textContent);
    expect(quotes).toEqual(['Pergunta antiga', 'Mensagem apagada']);
  });
});

describe('copying', () => {
  it('puts the text on the clipboard and says so', async () => {
    const user = userEvent.setup();
    const value = message({ text: 'Código 4815' });
    renderConversationPart(<CachedBubbles />, [value]);
    await user.click(within(bubbleOf(value)).getByTestId('message-actions'));
    await screen.findByRole('menuitem', { name: 'Dados da mensagem' }, SLOW);
    await user.click(await menuItem('message-copy'));
    expect(await navigator.clipboard.readText()).toBe('Código 4815');
  });
});

describe('deleting for everyone', () => {
  it('deletes the user’s own chat message after asking, leaving a placeholder', async () => {
    const mine = own({ channel: { id: CHAT, type: 'chat' }, text: 'Enviei errado' });
    const api = stubApi({
      [`DELETE /conversation/${CONTACT}/messages/${mine.id}`]: {
        body: { ...mine, text: '', deleted_at: '2026-11-20T12:05:00.000Z' },
      },
    });
    renderConversationPart(<CachedBubbles />, [mine]);
    await openMenu(mine);
    await userEvent.click(await menuItem('message-delete'));
    await userEvent.click(await screen.findByTestId('message-delete-confirm', {}, SLOW));
    await waitFor(() => expect(bubbleOf(mine).dataset.deleted).toBe('true'));
    expect(within(bubbleOf(mine)).getByTestId('message-deleted').textContent).toBe('Mensagem apagada');
    expect(within(bubbleOf(mine)).queryByText('Enviei errado')).toBeNull();
    expect(api.calls.map((call) => call.method)).toEqual(['DELETE']);
  });

  it('is disabled on e-mail, absent on others’ messages, and offered on notes', async () => {
    const mail = own({ channel: { id: EMAIL, type: 'email' } });
    const theirs = message({ direction: 'out', sender: { type: 'user', id: COLLEAGUE, name: 'Bruno' } });
    const note = own({ internal: true, text: 'Nota minha' });
    renderConversationPart(<CachedBubbles />, [mail, theirs, note]);

    await openMenu(mail);
    expect(screen.getByTestId('message-delete').hasAttribute('data-disabled')).toBe(true);
    await closeMenu();
    await openMenu(theirs);
    expect(screen.queryByTestId('message-delete')).toBeNull();
    await closeMenu();
    await openMenu(note);
    expect(screen.getByTestId('message-delete').hasAttribute('data-disabled')).toBe(false);
  });
});

describe('private notes', () => {
  it('turns the footer into note mode and sends a note, shown as one', async () => {
    const note = own({ internal: true, text: 'Cliente prefere ligação' });
    const onSend = renderWithFooter([note]);
    expect(within(bubbleOf(note)).getByTestId('message-note-label').textContent).toBe('Nota interna');
    expect(within(bubbleOf(note)).queryByTestId('message-status')).toBeNull();

    await userEvent.click(screen.getByRole('switch', { name: 'Nota interna' }));
    expect(screen.getByTestId('composer').dataset.note).toBe('true');
    expect(screen.getByTestId('composer-note-label').textContent).toContain('nunca enviada ao cliente');
    await userEvent.type(screen.getByTestId('composer-text'), 'Ligar amanhã{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]![2]).toEqual({ kind: 'note', text: 'Ligar amanhã' });
  });
});

describe('the reply-channel picker', () => {
  const t = i18n.t.bind(i18n);
  const chat = (address: string): ContactChannel => channel({ id: CHAT, type: 'chat', address });

  it('names channels by a readable address, the site chat never by a visitor id', () => {
    expect(channelLabel(channel(), t)).toBe('WhatsApp · 5511999990000');
    expect(channelLabel(channel({ type: 'email', address: 'ana@cliente.test' }), t)).toBe(
      'E-mail · ana@cliente.test',
    );
    expect(channelLabel(chat('visitante-000079'), t)).toBe('Chat do site');
    expect(channelLabel(chat('anon:3f2a9c'), t)).toBe('Chat do site');
    expect(channelLabel(chat('id:ana@cliente.test'), t)).toBe('Chat do site · ana@cliente.test');
  });
});
