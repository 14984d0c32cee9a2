// The message footer: Enter sends (trimmed), Shift+Enter breaks the line, the send button is disabled while
// there is nothing to send, a blacklisted channel says why, one file at a time, no upload without permission; the palette turns it into a private note.
import { defaultPermissions, type ContactChannel } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser } from '../../../test/fixtures.ts';
import { channel, EMAIL } from '../../../test/messages.ts';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { registeredShortcuts } from '../../../lib/shortcuts.ts';
import { Composer, type ComposerProps } from './Composer.tsx';

const valueOf = (element: HTMLElement): string => (element as HTMLTextAreaElement).value;
const isDisabled = (element: HTMLElement): boolean =>
  (element as HTMLButtonElement).disabled || element.getAttribute('data-disabled') === 'true';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser() });
});

function renderComposer(channels: ContactChannel[] = [channel()], overrides: Partial<ComposerProps> = {}) {
  const onSend = vi.fn<ComposerProps['onSend']>().mockResolvedValue(undefined);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <Composer
          contactId="c1"
          channels={channels}
          channelId={channels[0]?.id ?? null}
          onChannelChange={() => undefined}
          onSend={onSend}
          {...overrides}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onSend, text: screen.getByTestId('composer-text'), send: screen.getByTestId('composer-send') };
}

describe('Composer', () => {
  it('is disabled while empty or blank and sends the trimmed text with Enter', async () => {
    const { onSend, text, send } = renderComposer();
    expect(isDisabled(send)).toBe(true);
    await userEvent.type(text, '   ');
    expect(isDisabled(send)).toBe(true);
    await userEvent.type(text, ' Olá, tudo bem? ');
    expect(isDisabled(send)).toBe(false);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    const [usedChannel, clientId, outgoing] = onSend.mock.calls[0] ?? [];
    expect(usedChannel?.id).toBe(channel().id);
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(outgoing).toEqual({ kind: 'text', text: 'Olá, tudo bem?' });
    expect(valueOf(text)).toBe('');
  });

  it('holds the text to the channel’s length and says how much is left near it', async () => {
    const { text, send } = renderComposer([channel({ type: 'instagram_direct' })]);
    expect(text.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(text, { target: { value: 'a'.repeat(790) } });
    expect(screen.queryByTestId('composer-remaining')).toBeNull();
    fireEvent.change(text, { target: { value: 'a'.repeat(990) } });
    expect(screen.getByTestId('composer-remaining').textContent).toBe('Restam 10 caracteres');
    expect(isDisabled(send)).toBe(false);
  });

  it('breaks the line with Shift+Enter instead of sending', async () => {
    const { onSend, text } = renderComposer();
    await userEvent.type(text, 'linha 1{Shift>}{Enter}{/Shift}linha 2');
    expect(valueOf(text)).toBe('linha 1\nlinha 2');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('gives each send its own client_id and keeps the text when the server refuses it', async () => {
    const { onSend, text } = renderComposer();
    onSend.mockRejectedValueOnce(new Error('refused'));
    await userEvent.type(text, 'primeira{Enter}');
    await waitFor(() => expect(valueOf(text)).toBe('primeira'));
    expect(screen.getByTestId('composer-error').textContent).toContain('Ops. Algo de errado aconteceu...');
    await userEvent.clear(text);
    await userEvent.type(text, 'segunda{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    expect(onSend.mock.calls[0]?.[1]).not.toBe(onSend.mock.calls[1]?.[1]);
  });

  it('cannot write to a blacklisted channel and says why', () => {
    const blocked = channel({ blacklisted: true, blacklist_reason: 'Pediu para não receber mensagens' });
    const { text, send } = renderComposer([blocked]);
    expect(screen.getByTestId('composer-blocked').textContent).toContain('Pediu para não receber mensagens');
    expect(isDisabled(text)).toBe(true);
    expect(isDisabled(send)).toBe(true);
    expect(screen.queryByLabelText('Anexar arquivo')).toBeNull();
  });

  it('holds one file at a time and refuses the same file picked again', async () => {
    const { onSend } = renderComposer([channel(), channel({ id: EMAIL, type: 'email', main: false })]);
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    const file = new File(['png'], 'foto.png', { type: 'image/png', lastModified: 1 });
    fireEvent.change(input, { target: { files: [file] } });
    expect(screen.getByTestId('composer-file').textContent).toContain('foto.png');
    fireEvent.change(input, { target: { files: [file] } });
    expect(screen.getByTestId('composer-error').textContent).toContain(
      'Este arquivo já está na fila de envio',
    );
    await userEvent.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]?.[2]).toMatchObject({ kind: 'file', filename: 'foto.png', caption: '' });
  });

  it('switches to a private note from the command palette, the caret in the text', async () => {
    const { text } = renderComposer();
    const entry = registeredShortcuts().find((shortcut) => shortcut.id === 'composer.note');
    expect(entry?.label).toBe('shortcuts.actions.privateNote');
    expect(entry?.keys).toBeUndefined();
    act(() => entry?.handler());
    expect(await screen.findByTestId('composer-note-label')).toBeTruthy();
    expect(document.activeElement).toBe(text);
    act(() => entry?.handler());
    await waitFor(() => expect(screen.queryByTestId('composer-note-label')).toBeNull());
  });

  it('hides attaching without the send_files permission', () => {
    useSessionStore.setState({
      user: demoUser({
        permissions: { ...defaultPermissions('attendant'), send_files: false },
      }),
    });
    renderComposer();
    expect(screen.queryByLabelText('Anexar arquivo')).toBeNull();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });
});
