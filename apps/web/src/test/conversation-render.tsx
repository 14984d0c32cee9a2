// Renders a piece of the conversation screen as the page does: Mantine, a query client and the message dialogs,
// with the contact's timeline in the cache.
import type { Message } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { conversationKeys } from '../features/conversation/conversation-keys.ts';
import { MessageDialogsProvider } from '../features/conversation/timeline/MessageDialogs.tsx';
import type { Timeline } from '../features/conversation/timeline/timeline-store.ts';
import { contactOf, summary } from './contacts.ts';
import { CONTACT, item } from './messages.ts';

export function renderConversationPart(children: ReactNode, messages: Message[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<Timeline>(conversationKeys.timeline(CONTACT), {
    items: messages.map(item).reverse(),
    hasMore: false,
  });
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MessageDialogsProvider contact={contactOf(summary({ id: CONTACT, name: 'Maria Souza' }))}>
          {children}
        </MessageDialogsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const timeline = () => client.getQueryData<Timeline>(conversationKeys.timeline(CONTACT));
  return { ...view, client, timeline };
}
