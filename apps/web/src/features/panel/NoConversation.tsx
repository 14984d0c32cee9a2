// The empty state of the work area (spec §2 "no conversation selected"): what to do next — take the next
// customer, pick one from the list, or (with create_contacts) register a new contact.
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { ArrowForwardIcon, MessageOffIcon, PlusIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { NewContactModal } from '../contacts/NewContactModal.tsx';
import { useTakeNext } from '../queue/use-take-next.ts';
import { useAbility } from '../../lib/abilities.ts';

export function NoConversation() {
  const { t } = useTranslation();
  const mayCreate = useAbility('contacts.create');
  const takeNext = useTakeNext();
  const [creating, setCreating] = useState(false);

  return (
    <Card withBorder radius="md" padding="xl" data-testid="no-conversation">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <MessageOffIcon size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('conversation.noneSelected')}
        </Title>
        <Text c="dimmed" maw={440}>
          {t('conversation.noneSelectedBody')}
        </Text>
        <Group justify="center" gap="sm">
          <Button
            leftSection={<ArrowForwardIcon size={16} />}
            onClick={() => takeNext.mutate()}
            loading={takeNext.isPending}
          >
            {t('queue.takeNext')}
          </Button>
          {mayCreate && (
            <Button variant="default" leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
              {t('newContact.open')}
            </Button>
          )}
        </Group>
      </Stack>
      <NewContactModal opened={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
