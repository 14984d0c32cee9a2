// The AI text enhancement dialog: without a provider only the spelling fix is offered, labelled "spelling
// only"; with one, the suggestion streams in piece by piece, can be edited and accepted (the draft is replaced,
// nothing sent) or discarded; a provider's refusal shows the server's translated message.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { renderWithClient } from '../../../test/render.tsx';
import { EnhanceDialog } from './EnhanceDialog.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});

const CONTACT = '01a201b8-7800-7000-8000-0000000000c1';

/** A fetch answering the status as given, and the enhancement as ndjson lines sent one chunk at a time. */
function stubAi(status: object, lines: object[] | { status: number; body: object }) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/ai/status') return Response.json(status);
      if (!Array.isArray(lines)) return Response.json(lines.body, { status: lines.status });
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const line of lines) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
          controller.close();
        },
      });
      return new Response(stream, { headers: { 'content-type': 'application/x-ndjson' } });
    }),
  );
  return calls;
}

const renderDialog = (onAccept = vi.fn(), onClose = vi.fn()) => {
  renderWithClient(
    <EnhanceDialog
      opened
      contactId={CONTACT}
      draft="oi seu pedido ja saiu"
      channel="whatsapp"
      onAccept={onAccept}
      onClose={onClose}
    />,
  );
  return { onAccept, onClose };
};

describe('EnhanceDialog', () => {
  it('offers only the spelling fix without a provider, labelled spelling only', async () => {
    stubAi({ provider: false, transcription: false }, [
      { type: 'delta', text: 'Oi, seu pedido já saiu' },
      { type: 'done', mode: 'spelling_only' },
    ]);
    const { onAccept } = renderDialog();
    expect(await screen.findByTestId('enhance-spelling-only')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('enhance-action-fix')).not.toHaveProperty('disabled', true),
    );
    expect(screen.getByTestId('enhance-action-formal')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByTestId('enhance-action-fix'));
    await waitFor(() =>
      expect((screen.getByTestId('enhance-suggestion') as HTMLTextAreaElement).value).toBe(
        'Oi, seu pedido já saiu',
      ),
    );
    await userEvent.click(screen.getByTestId('enhance-accept'));
    expect(onAccept).toHaveBeenCalledWith('Oi, seu pedido já saiu');
  });

  it('streams a provider’s suggestion, which may be edited before it is accepted', async () => {
    const calls = stubAi({ provider: true, transcription: true }, [
      { type: 'delta', text: 'Olá!' },
      { type: 'delta', text: ' Seu pedido' },
      { type: 'delta', text: ' já foi enviado.' },
      { type: 'done', mode: 'provider' },
    ]);
    const { onAccept, onClose } = renderDialog();
    await waitFor(() =>
      expect(screen.getByTestId('enhance-action-formal')).not.toHaveProperty('disabled', true),
    );
    expect(screen.queryByTestId('enhance-spelling-only')).toBeNull();
    await userEvent.click(screen.getByTestId('enhance-action-formal'));
    const suggestion = screen.getByTestId('enhance-suggestion') as HTMLTextAreaElement;
    await waitFor(() => expect(suggestion.value).toBe('Olá! Seu pedido já foi enviado.'));
    expect(calls.at(-1)).toEqual({
      path: `/conversation/${CONTACT}/content-enhancement`,
      body: { action: 'formal', text: 'oi seu pedido ja saiu', channel: 'whatsapp', language: 'pt_br' },
    });
    await userEvent.type(suggestion, ' Obrigado.');
    await userEvent.click(screen.getByTestId('enhance-accept'));
    expect(onAccept).toHaveBeenCalledWith('Olá! Seu pedido já foi enviado. Obrigado.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the provider’s refusal and lets the attendant discard', async () => {
    const refusal = 'O provedor de IA recusou a chave configurada. Peça à administração para conferi-la.';
    stubAi(
      { provider: true, transcription: false },
      {
        status: 502,
        body: { code: 'ai_provider_unauthorized', message: refusal },
      },
    );
    const { onAccept, onClose } = renderDialog();
    await waitFor(() =>
      expect(screen.getByTestId('enhance-action-shorter')).not.toHaveProperty('disabled', true),
    );
    await userEvent.click(screen.getByTestId('enhance-action-shorter'));
    expect((await screen.findByTestId('enhance-error')).textContent).toBe(refusal);
    expect(screen.getByTestId('enhance-accept')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByTestId('enhance-discard'));
    expect(onClose).toHaveBeenCalled();
    expect(onAccept).not.toHaveBeenCalled();
  });
});
