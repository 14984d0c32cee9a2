// The wizard's file message: the picked file is uploaded at once, its name and size shown, and the review asks
// for the file by the id the server gave it, with the caption; a refused file says why and blocks the review.
import type { BroadcastFile, BroadcastList, ChannelAccount } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { stubApi } from '../../test/fixtures.ts';
import { renderWithClient } from '../../test/render.tsx';
import { BroadcastWizard } from './BroadcastWizard.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});

const LIST: BroadcastList = {
  id: '01a201b8-7800-7000-8000-0000000000b1',
  name: 'Clientes VIP',
  source: 'contacts',
  filter: null,
  contacts: 12,
  created_at: '2026-11-20T12:00:00.000Z',
};
const ACCOUNT = { id: '01a201b8-7800-7000-8000-0000000000a1', name: 'Bot de ofertas', kind: 'telegram' };
const FILE: BroadcastFile = {
  id: '01a201b8-7800-7000-8000-0000000000f1',
  kind: 'image',
  filename: 'oferta.png',
  content_type: 'image/png',
  size: 2048,
};

/** Opens a select by its label and picks an option of its own list (hidden: still in its transition in jsdom). */
async function pick(label: string, name: string) {
  const input = screen.getByRole('textbox', { name: label });
  await userEvent.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await userEvent.click(await within(list).findByRole('option', { name, hidden: true }));
}

async function toMessageStep() {
  renderWithClient(<BroadcastWizard onClose={() => undefined} onCreated={() => undefined} />);
  await userEvent.click(screen.getByRole('radio', { name: 'Lista salva' }));
  await pick('Lista de transmissão', 'Clientes VIP');
  await userEvent.click(screen.getByRole('button', { name: 'Avançar' }));
  await pick('Conta do canal', 'Bot de ofertas');
  await userEvent.click(screen.getByRole('radio', { name: 'Arquivo' }));
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('a file broadcast', () => {
  it('uploads the file at once and reviews the message by its id, with the caption', async () => {
    const { calls } = stubApi({
      'GET /broadcasts/lists': { body: { data: [LIST] } },
      'GET /channels': { body: { data: [ACCOUNT as unknown as ChannelAccount] } },
      'POST /broadcasts/files': { status: 201, body: FILE },
      'POST /broadcasts/preview': {
        body: { recipients: 12, skipped: { blacklisted: 0, opted_out: 0, no_channel: 0, window_closed: 0 } },
      },
    });
    await toMessageStep();
    const next = screen.getByRole('button', { name: 'Avançar' });
    expect(next.hasAttribute('disabled')).toBe(true);
    await userEvent.upload(
      fileInput(),
      new File([new Uint8Array(2048)], 'oferta.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('oferta.png · 2 kB')).toBeTruthy();
    const upload = calls.find((call) => call.path === '/broadcasts/files')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    await userEvent.type(screen.getByRole('textbox', { name: 'Legenda (opcional)' }), 'Só hoje');
    await userEvent.click(next);
    await screen.findByTestId('broadcast-review');
    expect(calls.find((call) => call.path === '/broadcasts/preview')!.body).toEqual({
      list_id: LIST.id,
      channel_account_id: ACCOUNT.id,
      message: { type: 'file', file_id: FILE.id, caption: 'Só hoje' },
    });
  });

  it('says why a file is refused and keeps the review closed', async () => {
    stubApi({
      'GET /broadcasts/lists': { body: { data: [LIST] } },
      'GET /channels': { body: { data: [ACCOUNT as unknown as ChannelAccount] } },
      'POST /broadcasts/files': {
        status: 400,
        body: { message: 'Tipo de arquivo não permitido.', code: 'file_type_not_allowed' },
      },
    });
    await toMessageStep();
    await userEvent.upload(fileInput(), new File(['MZ'], 'programa.png', { type: 'image/png' }));
    expect(await screen.findByText('Tipo de arquivo não permitido.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Avançar' }).hasAttribute('disabled')).toBe(true);
  });
});
