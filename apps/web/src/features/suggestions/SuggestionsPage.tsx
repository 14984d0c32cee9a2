// suggestions (/painel/sugestoes): the company's wishlist filtered by all, in_vote, approved or disapproved
// (spec §4), newest first and paged, each with its votes and answer; a button to suggest. Colleagues' votes and
// the administrators' moderation appear live.
import { WISHLIST_FILTERS, type Suggestion, type SuggestionVote } from '@atende/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PlusIcon } from '../../components/Icons.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { NewSuggestionModal } from './NewSuggestionModal.tsx';
import { SuggestionCard } from './SuggestionCard.tsx';
import { SuggestionBrowser } from './SuggestionBrowser.tsx';
import { SUGGESTIONS_KEY, voteSuggestion } from './suggestion-api.ts';
import { useSuggestionsLive } from './use-suggestions-live.ts';

function VotingCard({ suggestion }: { suggestion: Suggestion }) {
  const client = useQueryClient();
  const vote = useMutation({
    mutationFn: (value: SuggestionVote) => voteSuggestion(suggestion.id, value),
    onSettled: () => client.invalidateQueries({ queryKey: SUGGESTIONS_KEY }),
  });
  return (
    <SuggestionCard
      suggestion={suggestion}
      onVote={(value) => vote.mutate(value)}
      voting={vote.isPending}
      error={vote.isError ? errorText(vote.error) : null}
    />
  );
}

export function SuggestionsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  useSuggestionsLive();

  return (
    <Stack gap="md" maw={860}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('suggestions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('suggestions.subtitle')}
          </Text>
        </Stack>
        <Button leftSection={<PlusIcon />} onClick={() => setCreating(true)} data-testid="suggestion-new">
          {t('suggestions.new')}
        </Button>
      </Group>
      <SuggestionBrowser
        filters={WISHLIST_FILTERS}
        initial="all"
        renderCard={(suggestion) => <VotingCard key={suggestion.id} suggestion={suggestion} />}
        testId="suggestion-filter"
      />
      <NewSuggestionModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
