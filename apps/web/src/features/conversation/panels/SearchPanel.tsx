// Search inside the conversation (spec §2 message search, §5 minimum 3 characters): matches newest first with
// the term marked; choosing one shows it in the timeline (older pages load until it is there).
import { SEARCH_MIN_LENGTH, type Message } from '@atende/contract';
import { Button, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { searchMessages } from '../conversation-api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { MessageMatchCard } from '../../../components/MessageMatchCard.tsx';

export const isSearchTermValid = (term: string): boolean => term.trim().length >= SEARCH_MIN_LENGTH;

export function SearchPanel({
  contactId,
  onPick,
}: {
  contactId: string;
  onPick: (message: Message, term: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const results = useQuery({
    queryKey: ['conversation', contactId, 'search', term],
    queryFn: ({ signal }) => searchMessages(contactId, term ?? '', signal),
    enabled: term !== null,
    staleTime: 30_000,
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isSearchTermValid(draft)) {
      setProblem(t('contacts.search.tooShort'));
      return;
    }
    setProblem(null);
    setTerm(draft.trim());
  }

  return (
    <Stack gap="sm" data-testid="search-panel">
      <form onSubmit={handleSubmit} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="sm"
            style={{ flex: 1 }}
            aria-label={t('messageSearch.label')}
            placeholder={t('messageSearch.placeholder')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            error={problem}
            data-autofocus
            name="term"
          />
          <Button type="submit" size="sm">
            {t('messageSearch.submit')}
          </Button>
        </Group>
      </form>
      {term !== null &&
        (results.isPending ? (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ) : results.isError ? (
          <Text size="sm" c="red">
            {errorText(results.error)}
          </Text>
        ) : results.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('messageSearch.none')}
          </Text>
        ) : (
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              {t(results.data.has_more ? 'messageSearch.manyFound' : 'messageSearch.found', {
                count: results.data.data.length,
              })}
            </Text>
            {results.data.data.map((message) => (
              <UnstyledButton
                key={message.id}
                onClick={() => onPick(message, term)}
                data-testid="search-result"
              >
                <MessageMatchCard
                  channel={message.channel.type}
                  title={
                    message.sender.name ??
                    t(message.direction === 'out' ? 'timeline.you' : 'timeline.customer')
                  }
                  createdAt={message.created_at}
                  text={message.text}
                  term={term}
                />
              </UnstyledButton>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
