// The customer's campaign page (conversa/{contactId}/campanha): beside the wallets data, each power-dial campaign
// that calls the customer with its status, whether and when they are still to be called, and each attempt's
// time, attendant, outcome and notes; a clear empty state when no campaign calls them.
import type { CampaignAttempt, ContactCampaigns } from '@atende/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCallTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { contactOf, summary } from '../../test/contacts.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { CampaignPage } from './CampaignPage.tsx';

beforeAll(async () => {
  await loadCallTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

const contact = contactOf(summary({ name: 'Maria Cliente' }));
const id = (n: number) => `01a201b8-0000-7000-9000-0000000002${String(n).padStart(2, '0')}`;

const attempt = (overrides: Partial<CampaignAttempt>): CampaignAttempt => ({
  id: id(1),
  campaign_id: id(10),
  campaign_name: 'Cobrança novembro',
  contact_id: contact.id,
  contact_name: contact.name,
  number: '5511988887777',
  try_number: 1,
  user: { id: id(30), name: 'Ana Lima' },
  call_record_id: null,
  started_at: '2026-11-27T13:05:00.000Z',
  answered_at: null,
  ended_at: null,
  outcome: 'no_answer',
  notes: null,
  ...overrides,
});

function renderPage(campaigns: ContactCampaigns) {
  const { calls } = stubApi({
    [`GET /conversation/${contact.id}`]: { body: contact },
    [`GET /contacts/${contact.id}/campaigns`]: { body: campaigns },
  });
  renderRoutes(
    [{ id: 'campaign.information', path: '/painel/conversa/:contactId/campanha', element: <CampaignPage /> }],
    `/painel/conversa/${contact.id}/campanha`,
  );
  return calls;
}

describe('the customer’s campaign page', () => {
  it('shows each campaign, what is pending and every attempt', async () => {
    renderPage({
      data: [
        {
          campaign: { id: id(10), name: 'Cobrança novembro', status: 'running' },
          pending: true,
          next_attempt_at: '2026-11-28T15:00:00.000Z',
          attempts: [
            attempt({ id: id(2), try_number: 2, outcome: 'callback', notes: 'Pediu para ligar à tarde' }),
            attempt({ id: id(1), user: null }),
          ],
        },
        {
          campaign: { id: id(11), name: 'Renovação', status: 'finished' },
          pending: false,
          next_attempt_at: null,
          attempts: [],
        },
      ],
    });
    const [running, finished] = await screen.findAllByTestId('contact-campaign');
    expect(running!.textContent).toContain('Cobrança novembro');
    expect(running!.textContent).toContain('Em andamento');
    expect(within(running!).getByTestId('contact-campaign-pending').textContent).toBe(
      'Próxima tentativa: 28/11/2026, 12:00',
    );
    const rows = within(running!).getAllByTestId('contact-campaign-attempt');
    expect(rows.map((row) => row.textContent)).toEqual([
      '27/11/2026, 10:05Ana LimaRetornarPediu para ligar à tarde',
      '27/11/2026, 10:05Não atendeu',
    ]);
    expect(finished!.textContent).toContain('Encerrada');
    expect(within(finished!).getByTestId('contact-campaign-pending').textContent).toBe(
      'Nenhuma ligação pendente.',
    );
    expect(finished!.textContent).toContain('Ainda não foi chamado.');
  });

  it('says so when no campaign calls the customer', async () => {
    const calls = renderPage({ data: [] });
    expect((await screen.findByTestId('contact-campaigns-empty')).textContent).toBe(
      'Nenhuma campanha ligou ou vai ligar para este cliente.',
    );
    expect(calls.some((call) => call.path === `/contacts/${contact.id}/campaigns`)).toBe(true);
  });
});
