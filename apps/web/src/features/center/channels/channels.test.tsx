// The Center's channels page: the list (kinds, demo badge, read-only kinds), the administrators-only notice
// without a call, the e-mail form's checks and its kept passwords, server refusals on their fields, the
// connection test in each server's words and the widget's installation tag with its masked identity secret.
import type { CenterChannelAccount } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { ChannelsPage } from './ChannelsPage.tsx';
import { renderWithClient } from '../../../test/render.tsx';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ role: 'admin', username: 'admin' }), token: 'token' });
});

const STAMP = '2026-11-01T12:00:00.000Z';
const account = (overrides: Partial<CenterChannelAccount>): CenterChannelAccount => ({
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871000',
  kind: 'email',
  name: 'Conta',
  address: null,
  enabled: true,
  simulated: false,
  email: null,
  chat: null,
  provider: null,
  health: { last_inbound_at: null, last_outbound_at: null, last_error: null, last_error_at: null },
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});

const mailbox = account({
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871001',
  name: 'Suporte',
  address: 'suporte@acme.example',
  email: {
    smtp: { host: 'smtp.acme.example', port: 465, secure: true, user: 'suporte' },
    imap: { host: 'imap.acme.example', port: 993, secure: true, user: 'suporte', mailbox: 'INBOX' },
    has_smtp_password: true,
    has_imap_password: true,
  },
});
const widget = account({
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871002',
  kind: 'chat',
  name: 'Chat do site',
  simulated: true,
  chat: {
    title: 'Fale conosco',
    color: '#29a4ff',
    greeting: null,
    pre_chat: { enabled: true, require_phone: false },
    identity_verification: true,
    widget_key: 'wk_demo123',
    identity_secret: 'f00dfeedcafe',
  },
});
const whatsapp = account({
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871003',
  kind: 'whatsapp',
  name: 'WhatsApp Atendimento',
  address: '+55 11 4000-1234',
  simulated: true,
});
const telegram = account({
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871004',
  kind: 'telegram',
  name: 'Bot Atende',
  address: '@atende_bot',
  provider: {
    settings: { api_base_url: '' },
    stored_secrets: ['bot_token'],
    webhook_url: 'https://atende.example/api/webhooks/telegram/01a201b8-7760-71e4-bcfb-5e5b0d871004',
    generated: { webhook_secret: 's3cr3t-token' },
  },
  health: {
    last_inbound_at: STAMP,
    last_outbound_at: null,
    last_error: 'Unauthorized',
    last_error_at: '2026-11-01T13:00:00.000Z',
  },
});
const phone = account({
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871005',
  kind: 'voice',
  name: 'Ramal',
  simulated: true,
});
const list = { status: 200, body: { data: [mailbox, widget, whatsapp, telegram, phone] } };

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('channel-row')).find((row) => row.textContent?.includes(name))!;

describe('channels list', () => {
  it('shows each account with its kind, address, state and demo badge; voice is read-only', async () => {
    stubApi({ 'GET /center/channels': list });
    renderWithClient(<ChannelsPage />);
    const email = await rowOf('Suporte');
    expect(within(email).getByRole('img', { name: 'E-mail' })).toBeTruthy();
    expect(within(email).getByText('suporte@acme.example')).toBeTruthy();
    expect(within(email).queryByTestId('channel-simulated')).toBeNull();
    expect(within(email).getByTestId('channel-test')).toBeTruthy();
    const chat = await rowOf('Chat do site');
    expect(within(chat).getByText('simulado (demo)')).toBeTruthy();
    expect(within(chat).getByTestId('channel-snippet')).toBeTruthy();
    // A demo WhatsApp line is configured for real from here; until then it has nothing to test or connect.
    const demoLine = await rowOf('WhatsApp Atendimento');
    expect(within(demoLine).getByTestId('channel-edit')).toBeTruthy();
    expect(within(demoLine).queryByTestId('channel-test')).toBeNull();
    expect(within(demoLine).queryByTestId('channel-setup')).toBeNull();
    const bot = await rowOf('Bot Atende');
    expect(within(bot).getByTestId('channel-test')).toBeTruthy();
    expect(within(bot).getByTestId('channel-setup')).toBeTruthy();
    const voice = await rowOf('Ramal');
    expect(within(voice).getByText('Configurado pelo suporte')).toBeTruthy();
    expect(within(voice).queryByTestId('channel-edit')).toBeNull();
    expect(within(voice).queryByTestId('channel-toggle')).toBeNull();
  });

  it('tells a supervisor the page is for administrators, without asking the server', () => {
    useSessionStore.setState({ user: demoUser({ role: 'supervisor' }) });
    const { calls } = stubApi({ 'GET /center/channels': list });
    renderWithClient(<ChannelsPage />);
    expect(screen.getByRole('alert').textContent).toContain('Somente administradores');
    expect(calls).toHaveLength(0);
  });

  it('disables an account by sending it back as it is, without secrets', async () => {
    const { calls } = stubApi({
      'GET /center/channels': list,
      [`PUT /center/channels/${mailbox.id}`]: { status: 200, body: { ...mailbox, enabled: false } },
    });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(within(await rowOf('Suporte')).getByTestId('channel-toggle'));
    await screen.findByText('Suporte');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      kind: 'email',
      name: 'Suporte',
      enabled: false,
      address: 'suporte@acme.example',
      email: { smtp: mailbox.email!.smtp, imap: mailbox.email!.imap },
      secrets: {},
    });
  });
});

describe('channels list controls', () => {
  const names = async () =>
    (await screen.findAllByTestId('channel-row')).map((row) => row.querySelector('p')?.textContent);

  it('finds accounts by name, address or kind, sorts by column, and marks one whose last word is a failure', async () => {
    stubApi({ 'GET /center/channels': list });
    renderWithClient(<ChannelsPage />);
    expect(await names()).toEqual(['Chat do site', 'Suporte', 'Bot Atende', 'Ramal', 'WhatsApp Atendimento']);
    await userEvent.type(screen.getByTestId('channels-search'), 'telegram');
    expect(await names()).toEqual(['Bot Atende']);
    expect(within(await rowOf('Bot Atende')).getByTestId('channel-failing')).toBeTruthy();
    await userEvent.clear(screen.getByTestId('channels-search'));
    await userEvent.click(screen.getByTestId('channels-sort-name'));
    expect(await names()).toEqual(['Bot Atende', 'Chat do site', 'Ramal', 'Suporte', 'WhatsApp Atendimento']);
    await userEvent.click(screen.getByTestId('channels-sort-name'));
    expect((await names())[0]).toBe('WhatsApp Atendimento');
    expect(within(await rowOf('Suporte')).queryByTestId('channel-failing')).toBeNull();
  });
});

describe('e-mail account form', () => {
  it('checks required fields, the e-mail address and the ports before calling the server', async () => {
    const { calls } = stubApi({ 'GET /center/channels': list });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(await screen.findByTestId('channel-new'));
    await userEvent.click(await screen.findByTestId('channel-new-email'));
    // The modal opens with a transition: wait for each field rather than assume it is there.
    const fill = async (testId: string, value: string) => {
      const field = await screen.findByTestId(testId);
      await userEvent.clear(field);
      await userEvent.click(field);
      await userEvent.paste(value);
    };
    await fill('channel-name', 'Vendas');
    await fill('channel-address', 'vendas@');
    await fill('channel-email.smtp.host', 'smtp host');
    await fill('channel-email.imap.port', '70000');
    await userEvent.click(screen.getByTestId('channel-save'));
    expect(await screen.findByText('Informe um e-mail válido')).toBeTruthy();
    expect(screen.getByText('Informe um nome de servidor ou endereço IP válido')).toBeTruthy();
    expect(screen.getByText('Informe uma porta entre 1 e 65535')).toBeTruthy();
    expect(screen.getAllByText('Campo obrigatório').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByTestId('channel-email.imap.port').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('keeps the stored passwords when their fields are left empty, and sends a typed one', async () => {
    const { calls } = stubApi({
      'GET /center/channels': list,
      [`PUT /center/channels/${mailbox.id}`]: { status: 200, body: mailbox },
    });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(within(await rowOf('Suporte')).getByTestId('channel-edit'));
    expect(await screen.findAllByText('Há uma senha guardada: deixe em branco para mantê-la.')).toHaveLength(
      2,
    );
    await userEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(screen.queryByTestId('channel-save')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ secrets: {} });

    await userEvent.click(within(await rowOf('Suporte')).getByTestId('channel-edit'));
    await userEvent.type(await screen.findByTestId('channel-secrets.imap_password'), 'nova-senha');
    await userEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(screen.queryByTestId('channel-save')).toBeNull());
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect((puts[1]?.body as { secrets: unknown }).secrets).toEqual({ imap_password: 'nova-senha' });
  });

  it('shows a refusal of the server on the field it names', async () => {
    stubApi({
      'GET /center/channels': list,
      [`PUT /center/channels/${mailbox.id}`]: {
        status: 400,
        body: {
          message: 'Servidor inválido.',
          code: 'validation_failed',
          field: 'email.smtp.host',
          errors: [{ field: 'email.smtp.host', message: 'Servidor inválido.' }],
        },
      },
    });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(within(await rowOf('Suporte')).getByTestId('channel-edit'));
    await userEvent.click(await screen.findByTestId('channel-save'));
    await screen.findByText('Servidor inválido.');
    expect(screen.getByTestId('channel-email.smtp.host').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('connection test', () => {
  it('shows each server’s outcome, a refusal in the server’s own words', async () => {
    const { calls } = stubApi({
      'GET /center/channels': list,
      [`POST /center/channels/${mailbox.id}/test`]: {
        status: 200,
        body: {
          smtp: { ok: true, error: null },
          imap: { ok: false, error: 'NO [AUTHENTICATIONFAILED] Authentication failed.' },
        },
      },
    });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(within(await rowOf('Suporte')).getByTestId('channel-test'));
    const smtp = await screen.findByTestId('connection-smtp');
    expect(smtp.getAttribute('data-ok')).toBe('true');
    expect(within(smtp).getByText('OK')).toBeTruthy();
    const imap = screen.getByTestId('connection-imap');
    expect(within(imap).getByText('Falhou')).toBeTruthy();
    expect(within(imap).getByText('NO [AUTHENTICATIONFAILED] Authentication failed.')).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/test'))).toHaveLength(1);
  });
});

describe('widget installation', () => {
  it('gives the tag to paste and the identity secret, masked until revealed', async () => {
    stubApi({ 'GET /center/channels': list });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(within(await rowOf('Chat do site')).getByTestId('channel-snippet'));
    const snippet = await screen.findByTestId('widget-snippet');
    expect(snippet.textContent).toBe(
      `<script src="${window.location.origin}/widget.js" data-key="wk_demo123" async></script>`,
    );
    expect(screen.getByTestId('widget-verified-snippet').textContent).toContain(
      'data-identifier="<CUSTOMER_ID>" data-identifier-hash="<IDENTIFIER_HASH>"',
    );
    const secret = screen.getByTestId('widget-identity-secret');
    expect(secret.textContent).not.toContain('f00dfeedcafe');
    await userEvent.click(screen.getByTestId('widget-identity-secret-reveal'));
    expect(secret.textContent).toBe('f00dfeedcafe');
  });
});

describe('provider account form', () => {
  const fill = async (testId: string, value: string) => {
    const field = await screen.findByTestId(testId);
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste(value);
  };

  it('draws a WhatsApp number from the contract, checks its fields and sends settings and secrets apart', async () => {
    const { calls } = stubApi({
      'GET /center/channels': list,
      'POST /center/channels': { status: 201, body: whatsapp },
    });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(await screen.findByTestId('channel-new'));
    await userEvent.click(await screen.findByTestId('channel-new-whatsapp'));
    await fill('channel-name', 'Vendas WhatsApp');
    await fill('channel-settings.phone_number_id', '10987 654');
    await fill('channel-settings.api_base_url', 'ftp://sim');
    await fill('channel-settings.broadcast_rate', '5000');
    await userEvent.click(screen.getByTestId('channel-save'));
    // The number's id and the broadcast rate (1 to 1000).
    expect(await screen.findAllByText('Este valor não está no formato esperado')).toHaveLength(2);
    expect(screen.getByText('Informe um endereço começando com https://')).toBeTruthy();
    // Business account id, access token and app secret are required of a new number.
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(3);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await fill('channel-settings.phone_number_id', '109876543');
    await fill('channel-settings.business_account_id', '2001');
    await fill('channel-secrets.access_token', 'EAAG-token');
    await fill('channel-secrets.app_secret', 'app-secret');
    await fill('channel-settings.api_base_url', 'http://127.0.0.1:4010/v21.0');
    await fill('channel-settings.broadcast_rate', '250');
    await fill('channel-address', '+55 11 4000-5678');
    await userEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'whatsapp',
      name: 'Vendas WhatsApp',
      enabled: true,
      address: '+55 11 4000-5678',
      settings: {
        phone_number_id: '109876543',
        business_account_id: '2001',
        broadcast_rate: '250',
        api_base_url: 'http://127.0.0.1:4010/v21.0',
      },
      secrets: { access_token: 'EAAG-token', app_secret: 'app-secret' },
    });
  });

  it('keeps a stored bot token when left blank', async () => {
    const { calls } = stubApi({
      'GET /center/channels': list,
      [`PUT /center/channels/${telegram.id}`]: { status: 200, body: telegram },
    });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(within(await rowOf('Bot Atende')).getByTestId('channel-edit'));
    expect(await screen.findByText('Guardado: deixe em branco para manter.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('channel-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      kind: 'telegram',
      address: '@atende_bot',
      secrets: {},
    });
  });

  it('gives the webhook address and secret to paste, registers the webhook and shows the health', async () => {
    const { calls } = stubApi({
      'GET /center/channels': list,
      [`POST /center/channels/${telegram.id}/register-webhook`]: { status: 200, body: { ok: true } },
    });
    renderWithClient(<ChannelsPage />);
    await userEvent.click(within(await rowOf('Bot Atende')).getByTestId('channel-setup'));
    expect((await screen.findByTestId('channel-webhook-url')).textContent).toBe(
      telegram.provider!.webhook_url,
    );
    const secret = screen.getByTestId('channel-generated-webhook_secret');
    expect(secret.textContent).not.toContain('s3cr3t-token');
    expect(screen.getByTestId('channel-health-outbound').textContent).toContain('nunca');
    expect(screen.getByTestId('channel-health-error').textContent).toContain('Unauthorized');
    await userEvent.click(screen.getByTestId('channel-register-webhook'));
    await waitFor(() =>
      expect(calls.filter((call) => call.path.endsWith('/register-webhook'))).toHaveLength(1),
    );
  });
});
