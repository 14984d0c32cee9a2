// Above the list while a supervisor has selected conversations (issue 20, item 2): resolve them, or assign
// them to an attendant or back to the queue, in one call; the lists follow through realtime.
import { Button, Group, Menu, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BulkConversationRequest } from '@atende/contract';
import { responsiblesQuery } from '../../lib/catalogues.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { bulkConversations } from './contact-api.ts';
import { useSelection } from './selection-store.ts';

/** A bulk request without its selection (Omit itself does not distribute over the union). */
type WithoutIds<T> = T extends unknown ? Omit<T, 'ids'> : never;
type BulkAction = WithoutIds<BulkConversationRequest>;

export function BulkActionsBar() {
  const { t } = useTranslation();
  const ids = useSelection((state) => state.ids);
  const clear = useSelection((state) => state.clear);
  const people = useQuery(responsiblesQuery).data?.data ?? [];
  const bulk = useMutation({
    mutationFn: bulkConversations,
    onSuccess: (result) => {
      notifySuccess(t('lifecycle.bulkDone', { count: result.data.length }));
      clear();
    },
  });
  if (ids.size === 0) return null;
  const run = (action: BulkAction) => bulk.mutate({ ...action, ids: [...ids] });
  return (
    <Group gap="xs" p="xs" wrap="wrap" data-testid="bulk-actions">
      <Text size="sm" fw={500} mr="auto">
        {t('lifecycle.selection', { count: ids.size })}
      </Text>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="light" loading={bulk.isPending} data-testid="bulk-assign">
            {t('lifecycle.bulkAssign')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
          <Menu.Item onClick={() => run({ action: 'assign', responsible_id: null })}>
            {t('lifecycle.returnToQueue')}
          </Menu.Item>
          <Menu.Divider />
          {people.map((person) => (
            <Menu.Item key={person.id} onClick={() => run({ action: 'assign', responsible_id: person.id })}>
              {person.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Button
        size="xs"
        color="teal"
        loading={bulk.isPending}
        onClick={() => run({ action: 'resolve' })}
        data-testid="bulk-resolve"
      >
        {t('lifecycle.bulkResolve')}
      </Button>
      <Button size="xs" variant="subtle" color="gray" onClick={clear}>
        {t('lifecycle.clearSelection')}
      </Button>
    </Group>
  );
}
