// The footer and the keyboard: Alt+M puts the caret in it from anywhere, and a focus request (made when the
// attendant takes a customer or moves to another conversation) is taken by the footer of the conversation it
// names, on mount or at once, and never by the footer of another conversation.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestComposerFocus } from '../../../lib/composer-focus.ts';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useShortcutListener } from '../../../lib/shortcuts.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { channel } from '../../../test/messages.ts';
import { Composer } from './Composer.tsx';

/** The footer of conversation `contactId`, whatever conversation the route names. */
function Footer({ contactId }: { contactId: string }) {
  useShortcutListener();
  const channels = [channel()];
  return (
    <>
      <button type="button">elsewhere</button>
      <Composer
        contactId={contactId}
        channels={channels}
        channelId={channels[0]?.id ?? null}
        onChannelChange={() => undefined}
        onSend={async () => undefined}
      />
    </>
  );
}

function renderFooter(contactId: string, routeContactId = contactId) {
  const router = createMemoryRouter(
    [{ path: '/painel/conversa/:contactId', element: <Footer contactId={contactId} /> }],
    { initialEntries: [`/painel/conversa/${routeContactId}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return screen.getByTestId('composer-text');
}

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser() });
});

describe('footer focus', () => {
  it('Alt+M puts the caret in the text from anywhere', async () => {
    const user = userEvent.setup();
    const text = renderFooter('c1');
    expect(text.getAttribute('aria-keyshortcuts')).toBe('Alt+M');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    await user.keyboard('{Alt>}m{/Alt}');
    expect(document.activeElement).toBe(text);
  });

  it('takes a request for its conversation, made before it mounted or while it is on screen', () => {
    requestComposerFocus('c1');
    const text = renderFooter('c1');
    expect(document.activeElement).toBe(text);
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    act(() => requestComposerFocus('c1'));
    expect(document.activeElement).toBe(text);
  });

  it('leaves the request to the next conversation while the route already names it', () => {
    // Moving on (Alt+↓): the route names c2 while c1's footer is still on screen, about to be replaced.
    const text = renderFooter('c1', 'c2');
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    act(() => requestComposerFocus('c2'));
    expect(document.activeElement).not.toBe(text);
    // The request is still there for c2's footer when it mounts.
    cleanup();
    const next = renderFooter('c2');
    expect(document.activeElement).toBe(next);
  });

  it('leaves a request for another conversation alone', () => {
    const text = renderFooter('c1');
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    act(() => requestComposerFocus('c2'));
    expect(document.activeElement).not.toBe(text);
  });
});
