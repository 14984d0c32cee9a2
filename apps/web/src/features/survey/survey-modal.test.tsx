// The satisfaction survey modal: shown only when the server says the user is due; the spec's texts for a missing
// rating or comment, without a call; an answer sends the rating and the trimmed comment; "not now" dismisses.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { stubApi } from '../../test/fixtures.ts';
import { renderWithClient } from '../../test/render.tsx';
import { SurveyModal } from './SurveyModal.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});

const due = { body: { due: true, period_days: 7 } };
const posts = (calls: { method: string; body?: unknown }[]) => calls.filter((call) => call.method === 'POST');

describe('satisfaction survey modal', () => {
  it('is not shown when the user is not due', async () => {
    const { calls } = stubApi({ 'GET /survey': { body: { due: false, period_days: 7 } } });
    renderWithClient(<SurveyModal />);
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    expect(screen.queryByText('Pesquisa de satisfação')).toBeNull();
  });

  it('asks for a rating and a comment with the spec texts before sending', async () => {
    const { calls } = stubApi({ 'GET /survey': due, 'POST /survey': { body: { ok: true } } });
    renderWithClient(<SurveyModal />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar avaliação' }));
    expect(screen.getByText('Informe uma classificação')).toBeTruthy();
    expect(screen.getByText('Informe mais detalhes da sua avaliação')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: '9' }));
    expect(screen.getByText('Excelente')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Conte mais/), '  Ágil e claro  ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    await expect.poll(() => posts(calls)[0]?.body).toEqual({ rating: 9, comment: 'Ágil e claro' });
  });

  it('dismisses with "not now"', async () => {
    const { calls } = stubApi({ 'GET /survey': due, 'POST /survey/dismiss': { body: { ok: true } } });
    renderWithClient(<SurveyModal />);
    await userEvent.click(await screen.findByRole('button', { name: 'Agora não' }));
    await expect.poll(() => posts(calls).length).toBe(1);
  });
});
