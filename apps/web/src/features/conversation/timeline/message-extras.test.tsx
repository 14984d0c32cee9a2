// A message's extras in the bubble: reactions toggle (the same emoji again removes it) and arrive live; the
// message data panel in the user's time zone; a transcription request shows the server's refusal; an e-mail
// shows its subject and opens its original in a frame sandboxed without any permission; file addresses are
// renewed before they expire and when a file fails to load; the broadcast a message was sent by or answers.
import type { Message, MessageMetaData } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectFakeSocket, disconnectFakeSocket } from '../../../test/fake-socket.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { renderConversationPart } from '../../../test/conversation-render.tsx';
import { CONTACT, EMAIL, message } from '../../../test/messages.ts';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { conversationKeys } from '../conversation-keys.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { countReactions } from './reactions.ts';
import type { Timeline } from './timeline-store.ts';
import { useConversationLive } from '../use-conversation-live.ts';

const ME = demoUser().id;
/**
 * Menus and popovers open with an animation: on a busy machine that takes more than the default second (a full
 * `npm test` with the e2e browsers beside it once needed more than 5 s; the test's own limit is 15 s).
 */
const SLOW = { timeout: 10_000 };
const COLLEAGUE = '01a201b8-77c6-726a-8fd7-da45649e4f02';
const path = (value: Message, action: string) => `/conversation/${CONTACT}/messages/${value.id}/${action}`;

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});
afterEach(() => {
  disconnectFakeSocket();
});

/** The bubble of one message as the timeline shows it: always the cached version. */
function CachedBubble({ id }: { id: string }) {
  const timeline = useQuery<Timeline>({
    queryKey: conversationKeys.timeline(CONTACT),
    queryFn: () => Promise.reject(new Error('no fetch in this test')),
    staleTime: Infinity,
  });
  const found = timeline.data?.items.find((entry) => entry.type === 'message' && entry.message.id === id);
  if (found?.type !== 'message') return null;
  return (
    <MessageBubble
      message={found.message}
      time="12:00"
      highlight={null}
      focused={false}
      onRetry={() => undefined}
    />
  );
}

function LiveRoom() {
  useConversationLive(CONTACT);
  return null;
}

const chips = () => screen.queryAllByTestId('reaction-chip').map((chip) => chip.textContent);

describe('reactions', () => {
  it('counts each emoji once, in order, and knows which are mine', () => {
    const reactions = [
      { emoji: '👍', user_id: COLLEAGUE },
      { emoji: '❤️', user_id: ME },
      { emoji: '👍', user_id: ME },
    ];
    expect(countReactions(reactions, ME)).toEqual([
      { emoji: '👍', count: 2, mine: true },
      { emoji: '❤️', count: 1, mine: true },
    ]);
    expect(countReactions(reactions, COLLEAGUE)[1]).toEqual({ emoji: '❤️', count: 1, mine: false });
  });

  it('adds a reaction from the picker and removes it by pressing its chip', async () => {
    const target = message();
    let reactions: Message['reactions'] = [{ emoji: '👍', user_id: COLLEAGUE }];
    const api = stubApi({
      [`POST ${path(target, 'reaction')}`]: (call) => {
        const { emoji } = call.body as { emoji: string };
        const mine = reactions.some((entry) => entry.emoji === emoji && entry.user_id === ME);
        reactions = mine
          ? reactions.filter((entry) => !(entry.emoji === emoji && entry.user_id === ME))
          : [...reactions, { emoji, user_id: ME }];
        return { body: { ...target, reactions } };
      },
    });
    renderConversationPart(<CachedBubble id={target.id} />, [{ ...target, reactions }]);
    expect(chips()).toEqual(['👍 1']);

    await userEvent.click(screen.getByTestId('reaction-picker'));
    await userEvent.click(await screen.findByRole('button', { name: 'Reagir com 👍' }, SLOW));
    await waitFor(() => expect(chips()).toEqual(['👍 2']));
    expect(screen.getByTestId('reaction-chip').getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByTestId('reaction-chip'));
    await waitFor(() => expect(chips()).toEqual(['👍 1']));
    expect(screen.getByTestId('reaction-chip').getAttribute('aria-pressed')).toBe('false');
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', path(target, 'reaction'), { emoji: '👍' }],
      ['POST', path(target, 'reaction'), { emoji: '👍' }],
    ]);
  });

  it("shows a colleague's reaction as it arrives live ('message.updated')", async () => {
    const socket = connectFakeSocket();
    const target = message();
    renderConversationPart(
      <>
        <LiveRoom />
        <CachedBubble id={target.id} />
      </>,
      [target],
    );
    expect(chips()).toEqual([]);
    act(() =>
      socket.fire('message.updated', { ...target, reactions: [{ emoji: '🙏', user_id: COLLEAGUE }] }),
    );
    await waitFor(() => expect(chips()).toEqual(['🙏 1']));
  });
});

const metaData = (overrides: Partial<MessageMetaData> = {}): MessageMetaData => ({
  id: '01a201b8-7800-7000-8000-00000000aaaa',
  direction: 'out',
  channel: { type: 'whatsapp', address: '5511999990000', line: 'Linha Vendas' },
  provider_message_id: 'wamid.HBgM123',
  client_id: null,
  status: 'failed',
  failure_reason: 'Número sem WhatsApp',
  sender: { type: 'user', id: ME, name: 'Juliana Souza' },
  read_at: null,
  created_at: '2026-11-20T15:04:00.000Z',
  updated_at: '2026-11-20T15:05:00.000Z',
  ...overrides,
});

/** The value cell of a row of the message data table. */
const field = (label: string) =>
  within(screen.getByTestId('message-data')).getByRole('rowheader', { name: label }).nextElementSibling
    ?.textContent;

describe('message data panel', () => {
  it("shows where the message came from and how its delivery went, in the user's time zone", async () => {
    const target = message({ direction: 'out', status: 'failed' });
    stubApi({ [`GET ${path(target, 'meta-data')}`]: { body: metaData({ id: target.id }) } });
    renderConversationPart(<CachedBubble id={target.id} />, [target]);
    await userEvent.click(screen.getByTestId('message-actions'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Dados da mensagem' }, SLOW));
    await screen.findByTestId('message-data');
    expect(field('Direção')).toBe('Enviada');
    expect(field('Canal')).toBe('WhatsApp');
    expect(field('Endereço')).toBe('5511999990000');
    expect(field('Linha de saída')).toBe('Linha Vendas');
    expect(field('ID no provedor')).toBe('wamid.HBgM123');
    expect(field('Status')).toBe('Falhou');
    expect(field('Motivo da falha')).toBe('Número sem WhatsApp');
    expect(field('Remetente')).toBe('Juliana Souza');
    expect(field('Lida em')).toBe('—');
    // 15:04 UTC is 12:04 in São Paulo (the user's time zone).
    expect(field('Criada em')).toBe('20/11/2026, 12:04');
  });

  it("says the server's error when the data cannot be read", async () => {
    const target = message();
    stubApi({
      [`GET ${path(target, 'meta-data')}`]: {
        status: 404,
        body: { message: 'Registro não encontrado.', code: 'not_found' },
      },
    });
    renderConversationPart(<CachedBubble id={target.id} />, [target]);
    await userEvent.click(screen.getByTestId('message-actions'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Dados da mensagem' }, SLOW));
    expect((await screen.findByRole('alert')).textContent).toBe('Registro não encontrado.');
  });
});

describe('broadcast', () => {
  it('names the broadcast a message was sent by, and the one a customer’s reply answers', () => {
    const broadcast = { id: '01a201b8-7800-7000-8000-0000000000b1', name: 'Black Friday' };
    const sent = message({ direction: 'out', status: 'read', broadcast });
    const reply = message({ broadcast });
    const plain = message();
    renderConversationPart(
      <>
        <CachedBubble id={sent.id} />
        <CachedBubble id={reply.id} />
        <CachedBubble id={plain.id} />
      </>,
      [sent, reply, plain],
    );
    expect(screen.getAllByTestId('message-broadcast').map((label) => label.textContent)).toEqual([
      'Enviada pela transmissão “Black Friday”',
      'Resposta à transmissão “Black Friday”',
    ]);
  });
});

describe('transcription', () => {
  const audio = () =>
    message({
      text: '',
      attachments: [
        {
          id: '01a201b8-7800-7000-8000-00000000a0d1',
          kind: 'audio',
          filename: 'voz.ogg',
          content_type: 'audio/ogg',
          size: 2048,
          url: '/files/voz.ogg',
        },
      ],
    });

  it("is offered on audio messages and shows the server's refusal, not a made-up text", async () => {
    const target = audio();
    const refusal = 'A transcrição de áudio ainda não está configurada nesta empresa.';
    const api = stubApi({
      [`POST ${path(target, 'transcribe')}`]: {
        status: 400,
        body: { message: refusal, code: 'transcription_not_configured' },
      },
    });
    renderConversationPart(<CachedBubble id={target.id} />, [target]);
    await userEvent.click(screen.getByTestId('message-actions'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Transcrever áudio' }, SLOW));
    expect((await screen.findByTestId('transcription-error')).textContent).toBe(refusal);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST ${path(target, 'transcribe')}`,
    ]);
  });

  it('shows the transcription under the audio once the server answers it', async () => {
    const target = audio();
    stubApi({
      [`POST ${path(target, 'transcribe')}`]: {
        body: { ...target, transcription: 'Quero trocar o endereço de entrega.' },
      },
    });
    renderConversationPart(<CachedBubble id={target.id} />, [target]);
    expect(screen.queryByTestId('message-transcription')).toBeNull();
    await userEvent.click(screen.getByTestId('message-actions'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Transcrever áudio' }, SLOW));
    expect((await screen.findByTestId('message-transcription')).textContent).toBe(
      'Transcrição: Quero trocar o endereço de entrega.',
    );
  });

  it('is not offered on a text message', async () => {
    const target = message();
    renderConversationPart(<CachedBubble id={target.id} />, [target]);
    await userEvent.click(screen.getByTestId('message-actions'));
    await screen.findByRole('menuitem', { name: 'Dados da mensagem' }, SLOW);
    expect(screen.queryByRole('menuitem', { name: 'Transcrever áudio' })).toBeNull();
  });
});

describe('e-mail original', () => {
  it('shows the subject and opens the sanitised HTML in a frame sandboxed without permissions', async () => {
    const target = message({
      channel: { id: EMAIL, type: 'email' },
      subject: 'Segunda via do boleto',
      has_html: true,
    });
    const html = '<p>Segue o <b>boleto</b>.</p>';
    stubApi({ [`GET ${path(target, 'html')}`]: { body: { id: target.id, subject: target.subject, html } } });
    renderConversationPart(<CachedBubble id={target.id} />, [target]);
    expect(screen.getByTestId('message-subject').textContent).toBe('Segunda via do boleto');
    await userEvent.click(screen.getByRole('button', { name: 'Ver original (HTML)' }));
    const frame = await screen.findByTestId('email-html');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    expect(await screen.findByRole('heading', { name: 'Segunda via do boleto' })).toBeTruthy();
  });

  it('offers no original for a message without HTML', () => {
    const target = message({ channel: { id: EMAIL, type: 'email' }, subject: 'Oi', has_html: false });
    renderConversationPart(<CachedBubble id={target.id} />, [target]);
    expect(screen.queryByRole('button', { name: 'Ver original (HTML)' })).toBeNull();
  });
});

describe('file addresses', () => {
  const imageAt = (url: string) =>
    message({
      attachments: [
        {
          id: '01a201b8-7800-7000-8000-0000000000f1',
          kind: 'image',
          filename: 'foto.png',
          content_type: 'image/png',
          size: 10,
          url,
        },
      ],
    });
  const signed = (expiresInMs: number, sig: string) =>
    `/api/files/01a201b8-7800-7000-8000-0000000000f1?exp=${Math.floor((Date.now() + expiresInMs) / 1000)}&sig=${sig}`;
  const image = () => screen.getByTestId('attachment-image');

  it('fetches the message again shortly before its file addresses expire, and shows the fresh ones', async () => {
    const stale = imageAt(signed(60_000, 'old'));
    const freshUrl = signed(4 * 3_600_000, 'new');
    const { calls } = stubApi({
      [`GET /conversation/${CONTACT}/messages/${stale.id}`]: {
        body: { ...stale, attachments: [{ ...stale.attachments[0]!, url: freshUrl }] },
      },
    });
    renderConversationPart(<CachedBubble id={stale.id} />, [stale]);
    await waitFor(() => expect(image().getAttribute('src')).toBe(freshUrl));
    expect(calls).toHaveLength(1);
  });

  it('leaves addresses far from expiry alone, and renews once when a file fails to load', async () => {
    const shown = imageAt(signed(3 * 3_600_000, 'same'));
    const { calls } = stubApi({ [`GET /conversation/${CONTACT}/messages/${shown.id}`]: { body: shown } });
    renderConversationPart(<CachedBubble id={shown.id} />, [shown]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(0);
    fireEvent.error(image());
    await waitFor(() => expect(calls).toHaveLength(1));
    // The server gave the same address (our clock runs ahead of its): failing again asks nothing more.
    fireEvent.error(image());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(1);
  });
});
