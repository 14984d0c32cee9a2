// Answering by e-mail: the footer shows the subject only on an e-mail channel, prefilled "Re: <subject>" from the
// customer's last e-mail there; an empty subject is refused before sending and the server's
// mail_subject_required message shows at the field; the reply goes as one multipart request with its files.
import type { ContactChannel } from '@atende/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConversationPart } from '../../../test/conversation-render.tsx';
import { demoUser } from '../../../test/fixtures.ts';
import { channel, EMAIL, item, message, WHATSAPP } from '../../../test/messages.ts';
import { HttpError } from '../../../lib/http.ts';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { Composer, type ComposerProps } from './Composer.tsx';
import { sendMail } from '../conversation-api.ts';
import { replySubject, replySubjectFor } from './mail-subject.ts';

const email = channel({ id: EMAIL, type: 'email', address: 'maria@example.com', main: false });

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderComposer(channels: ContactChannel[], overrides: Partial<ComposerProps> = {}) {
  const onSend = vi.fn<ComposerProps['onSend']>().mockResolvedValue(undefined);
  renderConversationPart(
    <Composer
      contactId="c1"
      channels={channels}
      channelId={channels[0]?.id ?? null}
      onChannelChange={() => undefined}
      onSend={onSend}
      {...overrides}
    />,
  );
  return { onSend, text: screen.getByTestId('composer-text') };
}

const subjectInput = () => screen.getByLabelText<HTMLInputElement>(/Assunto/);

describe('reply subject', () => {
  it("is Re: of the customer's newest e-mail on that channel, never Re: Re:", () => {
    const items = [
      message({ direction: 'out', channel: { id: EMAIL, type: 'email' }, subject: 'Re: Antigo' }),
      message({ channel: { id: WHATSAPP, type: 'whatsapp' }, subject: null }),
      message({ channel: { id: EMAIL, type: 'email' }, subject: 'Boleto vencido' }),
      message({ channel: { id: EMAIL, type: 'email' }, subject: 'Primeiro contato' }),
    ].map(item);
    expect(replySubjectFor(items, EMAIL)).toBe('Re: Boleto vencido');
    expect(replySubjectFor(items, WHATSAPP)).toBeNull();
    expect(replySubjectFor([], EMAIL)).toBeNull();
    expect(replySubject('RE: Boleto')).toBe('RE: Boleto');
    expect(replySubject('x'.repeat(300))).toHaveLength(255);
  });
});

describe('e-mail footer', () => {
  it('appears only on an e-mail channel', () => {
    renderComposer([channel()]);
    expect(screen.queryByTestId('mail-subject')).toBeNull();
  });

  it('is prefilled with the reply subject and sends subject, text and file as an e-mail', async () => {
    const { onSend, text } = renderComposer([email], { replySubject: 'Re: Boleto vencido' });
    expect(subjectInput().value).toBe('Re: Boleto vencido');
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    const file = new File(['%PDF'], 'boleto.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, file);
    await userEvent.type(text, 'Segue o boleto atualizado.{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]?.[2]).toEqual({
      kind: 'mail',
      subject: 'Re: Boleto vencido',
      text: 'Segue o boleto atualizado.',
      files: [file],
    });
  });

  it('refuses an empty subject before sending', async () => {
    const { onSend, text } = renderComposer([email], { replySubject: 'Re: Boleto' });
    await userEvent.clear(subjectInput());
    await userEvent.type(text, 'Olá{Enter}');
    expect(await screen.findByText('Informe o assunto do e-mail.')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    expect((text as HTMLTextAreaElement).value).toBe('Olá');
  });

  it("shows the server's mail_subject_required message at the subject", async () => {
    const { onSend, text } = renderComposer([email]);
    const message = 'O assunto do e-mail é obrigatório.';
    onSend.mockRejectedValueOnce(new HttpError(400, { message, code: 'mail_subject_required' }));
    await userEvent.type(subjectInput(), '   x');
    await userEvent.type(text, 'Olá{Enter}');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByTestId('composer-error')).toBeNull();
  });
});

describe('sendMail', () => {
  it('posts one multipart request with the fields and every file', async () => {
    const sent = message({ direction: 'out', channel: { id: EMAIL, type: 'email' }, subject: 'Re: Oi' });
    const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json(sent, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const files = [new File(['a'], 'a.pdf'), new File(['b'], 'b.png')];
    const result = await sendMail('contact-1', {
      subject: 'Re: Oi',
      text: 'Olá',
      files,
      channel_id: EMAIL,
      client_id: 'client-0001',
    });
    expect(result).toEqual(sent);
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/conversation/contact-1/messages/mail');
    expect(init?.method).toBe('POST');
    const form = init?.body as FormData;
    expect(form.get('subject')).toBe('Re: Oi');
    expect(form.get('text')).toBe('Olá');
    expect(form.get('channel_id')).toBe(EMAIL);
    expect(form.get('client_id')).toBe('client-0001');
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['a.pdf', 'b.png']);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');
  });
});
