// The Center's critical rule: read, changed by an administrator (the PATCH carries the form), read-only for
// whoever may not configure the company.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { stubApi } from '../../../test/fixtures.ts';
import { CriticalRuleSection } from './CriticalRuleSection.tsx';
import { renderWithClient } from '../../../test/render.tsx';

beforeAll(async () => {
  await loadCenterTexts();
});

describe('critical rule section', () => {
  it('an administrator turns the wait off and keeps high priority: the rule saved is the form', async () => {
    const { calls } = stubApi({
      'GET /company/critical-rule': { body: { unanswered_minutes: 60, high_priority: true } },
      'PATCH /company/critical-rule': (call) => ({ body: call.body }),
    });
    renderWithClient(<CriticalRuleSection editable />);
    const byTime = await screen.findByRole('switch', { name: 'Sem resposta há mais de' });
    expect((screen.getByRole('textbox', { name: 'Minutos' }) as HTMLInputElement).value).toBe('60');
    await userEvent.click(byTime);
    expect(screen.queryByRole('textbox', { name: 'Minutos' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar regra' }));
    await expect
      .poll(() => calls.find((call) => call.method === 'PATCH')?.body)
      .toEqual({ unanswered_minutes: null, high_priority: true });
  });

  it('is read-only without the ability', async () => {
    stubApi({ 'GET /company/critical-rule': { body: { unanswered_minutes: null, high_priority: false } } });
    renderWithClient(<CriticalRuleSection editable={false} />);
    expect(await screen.findByText('Nenhuma condição: nenhum contato é crítico.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar regra' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'De prioridade alta' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});
