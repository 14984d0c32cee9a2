// One message found by a search, as both searches list it: channel, who (sender or contact), when in the user's
// time zone, and the text with the term marked.
import type { ChannelKind } from '@atende/contract';
import { Card, Group, Text } from '@mantine/core';
import { ChannelIcon } from './ChannelIcon.tsx';
import { useFormatters } from '../lib/use-formatters.ts';
import { HighlightedText } from './HighlightedText.tsx';

interface MessageMatchCardProps {
  channel: ChannelKind;
  title: string;
  createdAt: string;
  text: string;
  term: string;
}

export function MessageMatchCard({ channel, title, createdAt, text, term }: MessageMatchCardProps) {
  const format = useFormatters();
  return (
    <Card withBorder padding="xs" radius="sm">
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ChannelIcon kind={channel} size={14} />
          <Text size="xs" fw={600} truncate>
            {title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {format.dateTime(createdAt)}
        </Text>
      </Group>
      <Text size="sm" lineClamp={3}>
        <HighlightedText text={text} term={term} />
      </Text>
    </Card>
  );
}
