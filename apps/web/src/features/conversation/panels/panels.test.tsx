// Form states of the conversation's panels: search needs 3 characters (spec §5 text), a thread needs a name to
// be created and a message to be sent; the export form refuses 91 days with the spec's text.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { CONTACT } from '../../../test/messages.ts';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { ExportModal } from './ExportModal.tsx';
import { isSearchTermValid, SearchPanel } from './SearchPanel.tsx';
import { NewThreadForm, ThreadReplyForm } from './ThreadsPanel.tsx';
import { renderWithClient } from '../../../test/render.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('message search', () => {
  it('needs at least 3 characters, ignoring surrounding spaces', () => {
    expect(isSearchTermValid('ab')).toBe(false);
    expect(isSearchTermValid('  ab  ')).toBe(false);
    expect(isSearchTermValid('abc')).toBe(true);
  });

  it('says so with the spec text and does not call the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithClient(<SearchPanel contactId={CONTACT} onPick={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Termo de pesquisa'), 'ab{Enter}');
    await screen.findByText('O termo de pesquisa deve conter 3 caractéres ou mais.');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe('thread forms', () => {
  it('keeps Create disabled until a name is typed', async () => {
    renderWithClient(<NewThreadForm contactId={CONTACT} onCreated={() => undefined} />);
    expect(button('Criar tópico').disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Nome do tópico'), '   ');
    expect(button('Criar tópico').disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Nome do tópico'), 'Cobrança');
    expect(button('Criar tópico').disabled).toBe(false);
  });

  it('keeps Send disabled until a message is typed', async () => {
    renderWithClient(<ThreadReplyForm contactId={CONTACT} threadId="01a201b8-7800-7000-8000-0000000000f1" />);
    expect(button('Enviar').disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Escreva para os colegas…'), 'Olá');
    expect(button('Enviar').disabled).toBe(false);
  });
});

describe('export form', () => {
  it('refuses more than 90 days and an invalid date with the spec texts', async () => {
    const api = stubApi({});
    renderWithClient(<ExportModal contactId={CONTACT} opened onClose={() => undefined} />);
    const start = await screen.findByLabelText<HTMLInputElement>('Data inicial');
    const end = screen.getByLabelText<HTMLInputElement>('Data final');
    // Dates as the Portuguese console writes them (dd/mm/yyyy), whatever the browser's language.
    expect(start.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await userEvent.clear(start);
    await userEvent.type(start, '01/01/2026');
    await userEvent.clear(end);
    await userEvent.type(end, '02/04/2026');
    await userEvent.click(button('Exportar'));
    await screen.findByText('O intervalo entre as datas não pode ser maior que 90 dias.');
    await userEvent.clear(end);
    await userEvent.click(button('Exportar'));
    await screen.findByText('Informe uma data válida.');
    await waitFor(() => expect(api.calls).toHaveLength(0));
  });
});
