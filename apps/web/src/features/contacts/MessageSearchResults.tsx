// The contact column's message search (the "Mensagens" search parameter): matches across every conversation
// the attendant may see, newest first, each opening its conversation at that message.
import type { MessageSearchHit } from '@atende/contract';
import { Button, Card, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo } from '../../app/routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { errorText } from '../conversation/error-text.ts';
import { foundMessageState } from '../conversation/found-message.ts';
import { HighlightedText } from '../conversation/HighlightedText.tsx';
import { useFormatters } from '../session/use-formatters.ts';
import { ChannelIcon } from './ChannelIcon.tsx';
import { excerptAround, companyMessageSearchQuery } from './message-search.ts';

function MessageHit({ hit, term }: { hit: MessageSearchHit; term: string }) {
  const format = useFormatters();
  return (
    <UnstyledButton
      component={Link}
      to={pathTo('conversation.messages', { contactId: hit.contact.id })}
      state={foundMessageState({ messageId: hit.id, term })}
      data-testid="message-search-hit"
    >
      <Card withBorder padding="xs" radius="sm">
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <ChannelIcon kind={hit.channel.type} size={14} />
            <Text size="xs" fw={600} truncate>
              {hit.contact.name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {format.dateTime(hit.created_at)}
          </Text>
        </Group>
        <Text size="sm" lineClamp={3}>
          <HighlightedText text={excerptAround(hit.text, term)} term={term} />
        </Text>
      </Card>
    </UnstyledButton>
  );
}

export function MessageSearchResults({ term }: { term: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(companyMessageSearchQuery(term));

  if (query.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Text size="sm" c="red" p="md">
        {errorText(query.error)}
      </Text>
    );
  }
  const hits = query.data.pages.flatMap((page) => page.data);
  if (hits.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" p="md">
        {t('messageSearch.none')}
      </Text>
    );
  }
  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap={6} p="sm" aria-label={t('messageSearch.companyResults')} role="list">
        {hits.map((hit) => (
          <div role="listitem" key={hit.id}>
            <MessageHit hit={hit} term={term} />
          </div>
        ))}
        {query.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('messageSearch.more')}
          </Button>
        )}
      </Stack>
    </ScrollArea>
  );
}
