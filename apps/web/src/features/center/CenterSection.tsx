// A section of the Center: a card with its title, a line saying what it holds and, optionally, its main action.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CenterSectionProps {
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}

export function CenterSection({ title, description, action, children }: CenterSectionProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" mb="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {action}
      </Group>
      {children}
    </Card>
  );
}
