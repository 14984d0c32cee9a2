// The changelog: the sidebar entry with the what's-new badge (hidden for who does not see the changelog), the
// badge reloaded on a publication elsewhere, the modal in the reader's language that marks it seen and clears
// the badge.
import type { ChangelogVersion } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, loadConsoleTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { connectFakeSocket, disconnectFakeSocket } from '../../test/fake-socket.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { ChangelogModal } from './ChangelogModal.tsx';
import { ChangelogNavLink } from './ChangelogNavLink.tsx';
import { useChangelogModal } from './changelog-modal-store.ts';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});
afterEach(async () => {
  disconnectFakeSocket();
  useChangelogModal.setState({ opened: false });
  await applyLanguage('pt_br');
});

const version = (overrides: Partial<ChangelogVersion> = {}): ChangelogVersion => ({
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871001',
  date: '2026-11-20',
  version: '2.3.0',
  changes: [
    { type: 'feature', descriptions: { pt: 'Lista de desejos', en: 'Wishlist', es: 'Lista de deseos' } },
    {
      type: 'bugfix',
      descriptions: { pt: 'Contador corrigido', en: 'Counter fixed', es: 'Contador corregido' },
    },
  ],
  scope: 'product',
  editable: false,
  published_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

/** The sidebar entry and the one modal, as the shell renders them. */
function Shell() {
  const { opened, close } = useChangelogModal();
  return (
    <>
      <ChangelogNavLink onNavigate={() => undefined} />
      <ChangelogModal opened={opened} onClose={close} />
    </>
  );
}

function renderShell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Shell />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('changelog', () => {
  it('shows the badge, and opening the changelog marks it seen and clears it', async () => {
    let unseen = 2;
    const { calls } = stubApi({
      'GET /changelog/status': () => ({ body: { visible: true, unseen } }),
      'GET /changelog': { body: { data: [version()] } },
      'POST /changelog/seen': () => {
        unseen = 0;
        return { body: { ok: true } };
      },
    });
    renderShell();
    const badge = await screen.findByTestId('changelog-badge');
    expect(badge.textContent).toBe('2');
    expect(badge.getAttribute('aria-label')).toBe('2 versões novas');
    await userEvent.click(screen.getByTestId('nav-changelog'));
    const dialog = await screen.findByRole('dialog', { name: 'Novidades' });
    await screen.findByText('Lista de desejos');
    expect(dialog.textContent).toContain('2.3.0');
    expect(dialog.textContent).toContain('20 de novembro de 2026');
    expect(dialog.textContent).toContain('Correção');
    await waitFor(() => expect(screen.queryByTestId('changelog-badge')).toBeNull());
    expect(calls.filter((call) => call.path === '/changelog/seen')).toHaveLength(1);
  });

  it('shows each change in the reader’s language: English for French readers', async () => {
    await applyLanguage('fr');
    stubApi({
      'GET /changelog/status': { body: { visible: true, unseen: 0 } },
      'GET /changelog': { body: { data: [version()] } },
      'POST /changelog/seen': { body: { ok: true } },
    });
    renderShell();
    await userEvent.click(await screen.findByTestId('nav-changelog'));
    await screen.findByText('Wishlist');
    expect(screen.getByText('Counter fixed')).toBeTruthy();
    expect(screen.getByText('Nouveauté')).toBeTruthy();
    expect(screen.queryByText('Lista de desejos')).toBeNull();
  });

  it('is not offered to who does not see the changelog', async () => {
    stubApi({ 'GET /changelog/status': { body: { visible: false, unseen: 0 } } });
    const { container } = renderShell();
    await waitFor(() => expect(container.querySelector('[data-testid="nav-changelog"]')).toBeNull());
    // Not even after the status arrives.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('nav-changelog')).toBeNull();
  });

  it('shows the badge when a version is published in another session', async () => {
    const socket = connectFakeSocket();
    let unseen = 0;
    stubApi({ 'GET /changelog/status': () => ({ body: { visible: true, unseen } }) });
    renderShell();
    await screen.findByTestId('nav-changelog');
    expect(screen.queryByTestId('changelog-badge')).toBeNull();
    unseen = 1;
    socket.fire('changelog.published', { id: version().id, published_at: '2026-11-21T12:00:00.000Z' });
    expect((await screen.findByTestId('changelog-badge')).textContent).toBe('1');
  });
});
