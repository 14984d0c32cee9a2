// The Center's changelog: the version form's checks (date, version, every description: spec §5) before any
// call, what it publishes, and versions of the product read-only for a company's administrator.
import type { ChangelogVersion } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { ChangelogPage } from './ChangelogPage.tsx';
import { checkVersion, emptyChange } from './version-form.ts';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({
    user: demoUser({ role: 'admin', username: 'admin', abilities: ['center.open', 'changelog.manage'] }),
    token: 'token',
  });
});

const product: ChangelogVersion = {
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871001',
  date: '2026-11-20',
  version: '2.3.0',
  changes: [
    { type: 'feature', descriptions: { pt: 'Lista de desejos', en: 'Wishlist', es: 'Lista de deseos' } },
  ],
  scope: 'product',
  editable: false,
  published_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};

/** Pastes into the field: typing key by key is slow on a loaded machine, and nothing here depends on keys. */
async function fill(testId: string, value: string) {
  await userEvent.click(screen.getByTestId(testId));
  await userEvent.paste(value);
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ChangelogPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('version form checks', () => {
  it('name the date, the version and each missing description', () => {
    const result = checkVersion({
      date: '',
      version: ' ',
      changes: [{ type: 'bugfix', descriptions: { pt: 'Corrigido', en: 'Fixed', es: '' } }],
    });
    expect(result).toEqual({
      problems: {
        date: 'centerChangelog.errors.dateRequired',
        version: 'centerChangelog.errors.versionRequired',
        'changes.0.descriptions.es': 'centerChangelog.errors.fieldsRequired',
      },
    });
    expect(checkVersion({ date: '2026-02-30', version: '1', changes: [emptyChange()] })).toMatchObject({
      problems: { date: 'centerChangelog.errors.dateInvalid' },
    });
    expect(checkVersion({ date: '2026-02-28', version: '1', changes: [] })).toEqual({
      problems: { changes: 'centerChangelog.errors.fieldsRequired' },
    });
  });
});

describe('ChangelogPage', () => {
  it('keeps the product’s versions read-only for an administrator and publishes a complete version', async () => {
    const { calls } = stubApi({
      'GET /changelog': { body: { data: [product] } },
      'POST /changelog': { status: 201, body: { ...product, scope: 'company', editable: true } },
    });
    renderPage();
    const row = await screen.findByTestId('version-row');
    expect(within(row).getByText('Somente leitura')).toBeTruthy();
    expect(within(row).queryByTestId('version-edit')).toBeNull();
    expect(screen.getByText(/aparecem só para a sua empresa/)).toBeTruthy();

    await userEvent.click(screen.getByTestId('version-new'));
    await userEvent.click(await screen.findByTestId('version-save'));
    expect(await screen.findByText('Informe a versão.')).toBeTruthy();
    expect(screen.getAllByText('Preencha todos os campos.')).toHaveLength(3);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await fill('version-number', 'Interna 1');
    await fill('version-change-pt', 'Novo fluxo');
    await fill('version-change-en', 'New flow');
    await fill('version-change-es', 'Nuevo flujo');
    await userEvent.click(screen.getByTestId('version-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')?.body as { date: string; version: string };
    expect(sent).toMatchObject({
      version: 'Interna 1',
      changes: [{ type: 'feature', descriptions: { pt: 'Novo fluxo', en: 'New flow', es: 'Nuevo flujo' } }],
    });
    expect(sent.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 30_000);
});
