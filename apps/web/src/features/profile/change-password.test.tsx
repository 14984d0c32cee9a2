// The profile's change of password: the new password's checks (shared with the required new password at
// sign-in) keep a short or unconfirmed password from reaching the server; a valid one is sent as typed.
import { PASSWORD_MIN_LENGTH } from '@atende/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { stubApi } from '../../test/fixtures.ts';
import { renderWithClient } from '../../test/render.tsx';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});

const open = () => renderWithClient(<ChangePasswordModal opened onClose={() => {}} />);

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

describe('change password', () => {
  it('refuses a short new password and a confirmation that differs, without a call', async () => {
    const { calls } = stubApi({});
    open();
    await userEvent.type(field('Senha atual'), 'old-secret-1');
    await userEvent.type(field('Nova senha'), 'short');
    await userEvent.type(field('Confirme a nova senha'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(
      await screen.findByText(`A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`),
    ).toBeTruthy();
    expect(screen.getByText('Confirmação da senha inválida')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends the current and the confirmed new password', async () => {
    const { calls } = stubApi({ 'POST /user/password': { body: { ok: true } } });
    open();
    await userEvent.type(field('Senha atual'), 'old-secret-1');
    await userEvent.type(field('Nova senha'), 'a-new-secret-2');
    await userEvent.type(field('Confirme a nova senha'), 'a-new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await expect
      .poll(() => calls.find((call) => call.method === 'POST')?.body)
      .toEqual({
        current_password: 'old-secret-1',
        password: 'a-new-secret-2',
        password_confirmation: 'a-new-secret-2',
      });
  });
});
