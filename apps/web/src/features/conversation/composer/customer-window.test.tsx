// Outside the customer-service window the composer takes no free text and says why; on WhatsApp it offers the
// approved templates with a field per variable and sends the chosen one filled; inside the window (or where no
// window applies) it is the usual footer.
import type { ContactChannel, WhatsappTemplate } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { channel } from '../../../test/messages.ts';
import { whatsappTemplatesQuery } from '../conversation-api.ts';
import { Composer, type ComposerProps } from './Composer.tsx';

const ORDER: WhatsappTemplate = {
  id: '01900000-0000-7000-8000-0000000000aa',
  channel_account_id: '01900000-0000-7000-8000-0000000000bb',
  name: 'order_update',
  language: 'pt_BR',
  category: 'UTILITY',
  status: 'APPROVED',
  body: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.',
  variables: 2,
  synced_at: new Date().toISOString(),
};

const closed = (over: Partial<ContactChannel> = {}) =>
  channel({
    last_inbound_at: new Date(Date.now() - 30 * 3_600_000).toISOString(),
    customer_window_closes_at: new Date(Date.now() - 6 * 3_600_000).toISOString(),
    ...over,
  });

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser() });
});

function renderComposer(channels: ContactChannel[], templates: WhatsappTemplate[] = [ORDER]) {
  const onSend = vi.fn<ComposerProps['onSend']>().mockResolvedValue(undefined);
  const client = new QueryClient();
  client.setQueryData(whatsappTemplatesQuery.queryKey, { data: templates });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <Composer
          contactId="c1"
          channels={channels}
          channelId={channels[0]?.id ?? null}
          onChannelChange={() => undefined}
          onSend={onSend}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onSend, text: screen.getByTestId('composer-text') as HTMLTextAreaElement };
}

describe('customer-service window in the composer', () => {
  it('is the usual footer while the window is open', () => {
    const { text } = renderComposer([
      channel({ customer_window_closes_at: new Date(Date.now() + 3_600_000).toISOString() }),
    ]);
    expect(text.disabled).toBe(false);
    expect(screen.queryByTestId('composer-window-closed')).toBeNull();
  });

  it('says why free text is closed on WhatsApp and sends an approved template with its variables', async () => {
    const { onSend, text } = renderComposer([closed()]);
    expect(text.disabled).toBe(true);
    expect(screen.getByTestId('composer-window-closed').textContent).toContain('24 horas');
    await userEvent.click(screen.getByRole('textbox', { name: 'Escolha um modelo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'order_update (pt_BR)', hidden: true }));
    const send = screen.getByTestId('composer-template-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Variável 1'), 'Bruno');
    expect(send.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Variável 2'), '#123');
    expect(screen.getByTestId('composer-template-preview').textContent).toBe(
      'Olá Bruno, seu pedido #123 saiu para entrega.',
    );
    await userEvent.click(send);
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]?.[2]).toEqual({
      kind: 'template',
      template: ORDER,
      variables: ['Bruno', '#123'],
    });
  });

  it('says when there is no approved template to offer', () => {
    renderComposer([closed()], []);
    expect(screen.getByTestId('composer-no-templates')).toBeTruthy();
  });

  it('on Messenger says why, without templates', () => {
    renderComposer([closed({ type: 'messenger' })]);
    expect(screen.getByTestId('composer-window-closed').textContent).toContain('texto livre');
    expect(screen.queryByTestId('composer-templates')).toBeNull();
  });
});
