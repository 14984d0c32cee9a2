// The frame of a conversation's side pages (customer data, campaign, events, ready phrases): the contact's
// name, tabs to every page of the conversation and the page itself once the contact is loaded; inside the side
// panel beside the messages (lib/side-panel.ts), whose frame has the title and the close button, the page alone.
// The pages are routes of their own (spec §2), so each one loads the contact (from the cache when the
// conversation did) and hands its query here.
import type { Contact } from '@atende/contract';
import { Box, Button, Center, Group, Loader, ScrollArea, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useMatches } from 'react-router';
import { pathTo, type RouteName } from '../lib/routes.ts';
import { ArrowLeftIcon } from './Icons.tsx';
import { useTranslation } from '../lib/i18n.ts';
import { useSidePanel } from '../lib/side-panel.ts';
import { ContactLoadAlert } from './ContactLoadAlert.tsx';

export type ContactTab =
  | 'conversation.messages'
  | 'customer.information'
  | 'campaign.information'
  | 'conversation.events'
  | 'ready.phrases';

const TABS = [
  ['conversation.messages', 'customer.tabs.messages'],
  ['customer.information', 'customer.tabs.information'],
  ['campaign.information', 'customer.tabs.campaign'],
  ['conversation.events', 'customer.tabs.events'],
  ['ready.phrases', 'customer.tabs.phrases'],
] as const satisfies readonly (readonly [RouteName, string])[];

/** The translation key of a page's tab. */
export const contactTabLabel = (tab: ContactTab): (typeof TABS)[number][1] =>
  TABS.find(([route]) => route === tab)?.[1] ?? 'customer.tabs.messages';

const isContactTab = (id: string | undefined): id is ContactTab => TABS.some(([route]) => route === id);

/**
 * Links to the pages of one conversation, the current one marked: by default the route's, which beside the
 * messages is the page open in the side panel.
 */
export function ContactTabs({ contactId, active }: { contactId: string; active?: ContactTab | null }) {
  const { t } = useTranslation();
  const routeId = useMatches().at(-1)?.id;
  const current = active === undefined ? (isContactTab(routeId) ? routeId : null) : active;
  return (
    <Group gap={4} wrap="wrap" component="nav" aria-label={t('customer.tabs.label')}>
      {TABS.map(([route, label]) => (
        <Button
          key={route}
          component={Link}
          to={pathTo(route, { contactId })}
          size="compact-sm"
          variant={route === current ? 'light' : 'subtle'}
          color={route === current ? undefined : 'gray'}
          aria-current={route === current ? 'page' : undefined}
          data-testid={`tab-${route}`}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}

export function ContactSubpage({
  active,
  query,
  children,
}: {
  active: ContactTab;
  /** The route's contact (useRouteContact of the contacts feature). */
  query: UseQueryResult<Contact>;
  children: (contact: Contact) => ReactNode;
}) {
  const { t } = useTranslation();
  const panel = useSidePanel();
  const contact = query.data;

  if (query.isPending) {
    return (
      <Center h="50vh">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!contact) return <ContactLoadAlert error={query.error} />;
  if (panel) {
    return (
      <ScrollArea h="100%" type="auto" offsetScrollbars>
        <Box pb="md" pr="xs">
          {children(contact)}
        </Box>
      </ScrollArea>
    );
  }
  return (
    <Stack gap="sm" h="100%" mih={0}>
      <Group gap="sm" wrap="nowrap">
        <Button
          component={Link}
          to={pathTo('conversation.messages', { contactId: contact.id })}
          variant="subtle"
          color="gray"
          size="compact-sm"
          px={4}
          aria-label={t('customer.backToConversation')}
        >
          <ArrowLeftIcon size={18} />
        </Button>
        <Title order={1} size="h4" lineClamp={1}>
          {contact.name}
        </Title>
      </Group>
      <ContactTabs contactId={contact.id} active={active} />
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Box pb="md" maw={880}>
          {children(contact)}
        </Box>
      </ScrollArea>
    </Stack>
  );
}
