// One suggestion as the wishlist shows it: title, status, text, who sent it (or "anonymous"), the yes and no
// votes (buttons while it is in vote and the reader has not voted; their own vote marked), the administrators'
// answer, and, in the Center, the moderation action.
import type { Suggestion, SuggestionVote } from '@atende/contract';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
import { STATUS_COLOURS } from './suggestion-status.ts';

export interface SuggestionCardProps {
  suggestion: Suggestion;
  /** Without it the votes are only counted (the Center). */
  onVote?: (vote: SuggestionVote) => void;
  voting?: boolean;
  /** A refused vote, said on the card. */
  error?: string | null;
  actions?: ReactNode;
}

export function SuggestionCard({ suggestion, onVote, voting = false, error, actions }: SuggestionCardProps) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const canVote = onVote !== undefined && suggestion.status === 'in_vote' && suggestion.my_vote === null;
  const voteButton = (vote: SuggestionVote) => {
    const count = suggestion.votes[vote];
    const chosen = suggestion.my_vote === vote;
    return (
      <Button
        size="xs"
        variant={chosen ? 'filled' : 'light'}
        color={vote === 'yes' ? 'green' : 'red'}
        leftSection={vote === 'yes' ? <ArrowUpIcon size={14} /> : <ArrowDownIcon size={14} />}
        disabled={!canVote && !chosen}
        loading={voting}
        onClick={canVote ? () => onVote(vote) : undefined}
        aria-pressed={chosen}
        aria-label={t(`suggestions.vote.${vote}Label`, { count })}
        data-testid={`suggestion-vote-${vote}`}
        style={chosen ? { cursor: 'default' } : undefined}
      >
        {t(`suggestions.vote.${vote}`, { count })}
      </Button>
    );
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="suggestion-card" data-suggestion={suggestion.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} component="h3" size="md" m={0}>
            {suggestion.title}
          </Text>
          <Badge color={STATUS_COLOURS[suggestion.status]} variant="light" data-testid="suggestion-status">
            {t(`suggestions.status.${suggestion.status}`)}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {suggestion.body}
        </Text>
        <Text size="xs" c="dimmed">
          {suggestion.sender
            ? t(suggestion.anonymous ? 'suggestions.byYouAnonymous' : 'suggestions.by', {
                name: suggestion.sender.name,
                date: dateTime(suggestion.created_at),
              })
            : t('suggestions.byAnonymous', { date: dateTime(suggestion.created_at) })}
        </Text>
        {suggestion.answer && (
          <Alert variant="light" color="gray" title={t('suggestions.answer')} data-testid="suggestion-answer">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {suggestion.answer}
            </Text>
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {voteButton('yes')}
            {voteButton('no')}
            {suggestion.my_vote && (
              <Text size="xs" c="dimmed">
                {t('suggestions.vote.final')}
              </Text>
            )}
          </Group>
          {actions}
        </Group>
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
