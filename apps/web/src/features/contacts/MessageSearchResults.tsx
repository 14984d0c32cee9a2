// The contact column's message search (the "Mensagens" search parameter): matches across every conversation
// the attendant may see, newest first, each opening its conversation at that message.
import type { MessageSearchHit } from '@atende/contract';
import { Button, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { foundMessageState } from '../../lib/found-message.ts';
import { MessageMatchCard } from '../../components/MessageMatchCard.tsx';
import { QueryBody } from '../../components/QueryBody.tsx';
import { companyMessageSearchQuery, excerptAround } from './message-search.ts';

function MessageHit({ hit, term }: { hit: MessageSearchHit; term: string }) {
  return (
    <UnstyledButton
      component={Link}
      to={pathTo('conversation.messages', { contactId: hit.contact.id })}
      state={foundMessageState({ messageId: hit.id, term })}
      data-testid="message-search-hit"
    >
      <MessageMatchCard
        channel={hit.channel.type}
        title={hit.contact.name}
        createdAt={hit.created_at}
        text={excerptAround(hit.text, term)}
        term={term}
      />
    </UnstyledButton>
  );
}

export function MessageSearchResults({ term }: { term: string }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(companyMessageSearchQuery(term));
  return (
    <QueryBody query={query}>
      {(data) => {
        const hits = data.pages.flatMap((page) => page.data);
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
      }}
    </QueryBody>
  );
}
