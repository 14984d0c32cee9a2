// Search inside the conversation (spec §2 message search, §5 minimum 3 characters): matches newest first with
// the term marked; choosing one shows it in the timeline (older pages load until it is there).
import { SEARCH_MIN_LENGTH, type Message } from '@atende/contract';
import { Button, Card, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { ChannelIcon } from '../contacts/ChannelIcon.tsx';
import { useFormatters } from '../session/use-formatters.ts';
import { searchMessages } from './conversation-api.ts';
import { errorText } from './error-text.ts';
import { HighlightedText } from './HighlightedText.tsx';

export const isSearchTermValid = (term: string): boolean => term.trim().length >= SEARCH_MIN_LENGTH;

export function SearchPanel({
  contactId,
  onPick,
}: {
  contactId: string;
  onPick: (message: Message, term: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
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
          <Loader size="sm" aria-label={t('common.loading')} />
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
                <Card withBorder padding="xs" radius="sm">
                  <Group gap={6} wrap="nowrap" justify="space-between">
                    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                      <ChannelIcon kind={message.channel.type} size={14} />
                      <Text size="xs" fw={600} truncate>
                        {message.sender.name ??
                          t(message.direction === 'out' ? 'timeline.you' : 'timeline.customer')}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {format.dateTime(message.created_at)}
                    </Text>
                  </Group>
                  <Text size="sm" lineClamp={3}>
                    <HighlightedText text={message.text} term={term} />
                  </Text>
                </Card>
              </UnstyledButton>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
