// The CSV audience: the server's preview says which rows cannot be used and why, nothing is saved until the
// user confirms, and then only the usable rows are sent back.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { stubApi } from '../../test/fixtures.ts';
import { renderWithClient } from '../../test/render.tsx';
import { CsvAudience } from './CsvAudience.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});

const PREVIEW = {
  rows: [
    {
      line: 2,
      phone: '+5511988887777',
      name: 'Ana',
      outcome: 'matched',
      problem: null,
      contact_id: crypto.randomUUID(),
    },
    { line: 3, phone: '11977776666', name: 'Novo', outcome: 'new', problem: null, contact_id: null },
    { line: 4, phone: '12ab', name: 'Errado', outcome: 'invalid', problem: 'malformed', contact_id: null },
    {
      line: 5,
      phone: '11977776666',
      name: 'Repetido',
      outcome: 'invalid',
      problem: 'duplicate',
      contact_id: null,
    },
  ],
  matched: 1,
  new: 1,
  invalid: 2,
};

describe('CSV audience', () => {
  it('shows the bad rows and why, and saves only the usable ones once confirmed', async () => {
    const { calls } = stubApi({
      'POST /broadcasts/lists/csv-preview': { body: PREVIEW },
      'POST /broadcasts/lists': {
        status: 201,
        body: {
          id: crypto.randomUUID(),
          name: 'Lista',
          source: 'csv',
          filter: null,
          contacts: 2,
          created_at: new Date().toISOString(),
        },
      },
    });
    const onSaved = vi.fn();
    renderWithClient(<CsvAudience onSaved={onSaved} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['phone\n'], 'lista.csv', { type: 'text/csv' }));
    expect(await screen.findByText('1 contatos encontrados, 1 novos, 2 linhas inválidas')).toBeTruthy();
    expect(screen.getByText('número inválido')).toBeTruthy();
    expect(screen.getByText('número repetido no arquivo')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/broadcasts/lists')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Confirmar e salvar a lista' }));
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
    const saved = calls.find((call) => call.path === '/broadcasts/lists')!.body as {
      rows: { line: number }[];
    };
    expect(saved.rows.map((row) => row.line)).toEqual([2, 3]);
  });
});
