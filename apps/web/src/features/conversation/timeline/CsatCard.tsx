// A conversation's CSAT request (issue 28) as the timeline shows it under the message that carried it: the five
// choices the customer was offered (the widget's buttons, a provider's buttons or list, the public page's form)
// and, once they answered, the one they chose as stars with their comment (or that one may still come: after a
// provider's buttons the customer is asked for it, comment_until).
import type { Csat } from '@atende/contract';
import { Badge, Blockquote, Group, Rating, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { TimelineEventCard } from './TimelineEventCard.tsx';
import { commentExpected } from '../lifecycle/use-conversation-csat.ts';

const CHOICES = [5, 4, 3, 2, 1] as const;

export function CsatCard({ csat }: { csat: Csat }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const answered = csat.rating !== null;
  return (
    <TimelineEventCard data-testid="timeline-csat" data-answered={answered}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Badge size="sm" variant="light" color={answered ? 'yellow' : 'gray'}>
          {t('csat.card.title')}
        </Badge>
        <Text size="xs" c="dimmed">
          {answered && csat.answered_at
            ? t('csat.card.answeredAt', { time: format.dateTime(csat.answered_at) })
            : t('csat.card.waiting')}
        </Text>
      </Group>
      <Stack
        gap={2}
        mt={6}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('csat.card.choices')}
      >
        {CHOICES.map((choice) => {
          const chosen = csat.rating === choice;
          return (
            <Group
              key={choice}
              component="li"
              gap="xs"
              wrap="nowrap"
              opacity={answered && !chosen ? 0.45 : 1}
              aria-current={chosen ? 'true' : undefined}
              data-testid={`csat-choice-${choice}`}
            >
              <Rating value={choice} count={5} readOnly size="xs" aria-hidden />
              <Text size="sm" fw={chosen ? 700 : 400}>
                {t(`csat.card.option${choice}`)}
              </Text>
            </Group>
          );
        })}
      </Stack>
      {answered && (
        <Stack gap={4} mt="xs" data-testid="csat-answer">
          <Group gap="xs" wrap="nowrap">
            <Rating value={csat.rating ?? 0} count={5} readOnly aria-hidden />
            <Text size="sm" fw={600}>
              {t('csat.card.stars', { rating: csat.rating })}
            </Text>
          </Group>
          {csat.comment ? (
            <Blockquote p="xs" mt={0} cite={t('csat.card.comment')} data-testid="csat-comment">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {csat.comment}
              </Text>
            </Blockquote>
          ) : (
            <Text size="xs" c="dimmed" data-testid="csat-no-comment">
              {t(commentExpected(csat) ? 'csat.card.commentExpected' : 'csat.card.noComment')}
            </Text>
          )}
        </Stack>
      )}
    </TimelineEventCard>
  );
}
