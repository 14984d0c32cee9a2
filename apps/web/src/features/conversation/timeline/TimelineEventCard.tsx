// The frame of an event the timeline shows between the bubbles (a call, a satisfaction request): a small centred
// card on the hover background, so it reads as the conversation's record rather than anyone's message.
import { Card } from '@mantine/core';
import type { ReactNode } from 'react';

export function TimelineEventCard({
  children,
  ...data
}: {
  children: ReactNode;
  'data-testid': string;
} & Record<`data-${string}`, string | boolean | undefined>) {
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      maw={420}
      mx="auto"
      bg="var(--mantine-color-default-hover)"
      {...data}
    >
      {children}
    </Card>
  );
}
