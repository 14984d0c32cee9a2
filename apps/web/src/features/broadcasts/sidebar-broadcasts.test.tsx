// The sidebar's broadcast list: only broadcasts under way, at most three with a "+N" for the rest, each with
// its progress and a link that opens it on the broadcasts page; nothing at all when none is under way.
import { BROADCAST_SKIP_REASONS, type Broadcast } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { SidebarBroadcasts } from './SidebarBroadcasts.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

const id = (n: number) => `01a201b8-7760-71e4-bcfb-5e5b0d8710${String(n).padStart(2, '0')}`;
const broadcast = (n: number, status: Broadcast['status'], queued: number): Broadcast => ({
  id: id(n),
  name: `Campanha ${n}`,
  status,
  list_id: null,
  channel_account_id: id(90),
  kind: 'whatsapp',
  message: { type: 'text', text: 'Olá' },
  scheduled_at: null,
  started_at: null,
  finished_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  counts: { total: 4, queued, sent: 4 - queued, delivered: 0, read: 0, failed: 0, replied: 0, cancelled: 0 },
  skipped: Object.fromEntries(BROADCAST_SKIP_REASONS.map((reason) => [reason, 0])) as Broadcast['skipped'],
});

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SidebarBroadcasts onNavigate={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('SidebarBroadcasts', () => {
  it('lists the broadcasts under way with their progress, three at most, each opening its page', async () => {
    stubApi({
      'GET /broadcasts': {
        body: {
          data: [
            broadcast(1, 'sending', 1),
            broadcast(2, 'completed', 0),
            broadcast(3, 'paused', 2),
            broadcast(4, 'scheduled', 4),
            broadcast(5, 'cancelled', 0),
            broadcast(6, 'sending', 3),
          ],
        },
      },
    });
    renderList();
    const rows = await screen.findAllByTestId('sidebar-broadcast');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Campanha 1Enviando · 75% concluído',
      'Campanha 3Pausada · 50% concluído',
      'Campanha 4Agendada · 0% concluído',
    ]);
    expect(rows[0]!.getAttribute('href')).toBe(`/painel/transmissoes?id=${id(1)}`);
    expect(screen.getByRole('progressbar', { name: 'Campanha 3: 50% concluído' })).toBeTruthy();
    expect(screen.getByText('+1 em andamento')).toBeTruthy();
  });

  it('shows nothing when no broadcast is under way', async () => {
    const { calls } = stubApi({ 'GET /broadcasts': { body: { data: [broadcast(2, 'completed', 0)] } } });
    const { container } = renderList();
    await vi.waitFor(() => expect(calls.length).toBe(1));
    expect(container.querySelector('[data-testid="sidebar-broadcasts"]')).toBeNull();
  });
});
