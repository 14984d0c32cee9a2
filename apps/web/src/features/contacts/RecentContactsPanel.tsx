// The recent contacts view: pinned favourites first, then the last contacts opened (newest first); each can
// be pinned or unpinned.
import { ActionIcon, Avatar, Group, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { PinIcon, PinOffIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { initialsOf } from '../../lib/initials.ts';
import { ChannelIcon } from '../../components/ChannelIcon.tsx';
import { useOpenContactId } from './ContactList.tsx';
import { useRecentContacts, type RecentContact } from './recent-contacts.ts';

interface RecentEntryProps {
  entry: RecentContact;
  pinned: boolean;
  active: boolean;
}

function RecentEntry({ entry, pinned, active }: RecentEntryProps) {
  const { t } = useTranslation();
  const pin = useRecentContacts((state) => state.pin);
  const unpin = useRecentContacts((state) => state.unpin);
  const actionLabel = t(pinned ? 'recent.unpin' : 'recent.pin', { name: entry.name });

  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px="sm"
      py={6}
      bg={active ? 'var(--mantine-primary-color-light)' : undefined}
      data-testid={pinned ? 'pinned-contact' : 'recent-contact'}
    >
      <UnstyledButton
        component={Link}
        to={pathTo('conversation.messages', { contactId: entry.id })}
        style={{ flex: 1, minWidth: 0 }}
        aria-current={active ? 'page' : undefined}
      >
        <Group gap="xs" wrap="nowrap">
          <Avatar radius="xl" size={32} color="initials" name={entry.name}>
            {initialsOf(entry.name)}
          </Avatar>
          <Text size="sm" fw={500} truncate style={{ flex: 1, minWidth: 0 }}>
            {entry.name}
          </Text>
          {entry.channel && <ChannelIcon kind={entry.channel} size={15} />}
        </Group>
      </UnstyledButton>
      <Tooltip label={actionLabel}>
        <ActionIcon
          variant={pinned ? 'light' : 'subtle'}
          color={pinned ? 'brand' : 'gray'}
          aria-label={actionLabel}
          onClick={() => (pinned ? unpin(entry.id) : pin(entry))}
        >
          {pinned ? <PinOffIcon size={16} /> : <PinIcon size={16} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function RecentContactsPanel() {
  const { t } = useTranslation();
  const recent = useRecentContacts((state) => state.recent);
  const pinned = useRecentContacts((state) => state.pinned);
  const openId = useOpenContactId();

  if (recent.length === 0 && pinned.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" p="md">
        {t('recent.empty')}
      </Text>
    );
  }

  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap={4} py="xs">
        {pinned.length > 0 && (
          <section aria-label={t('recent.pinnedTitle')}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
              {t('recent.pinnedTitle')}
            </Text>
            {pinned.map((entry) => (
              <RecentEntry key={entry.id} entry={entry} pinned active={entry.id === openId} />
            ))}
          </section>
        )}
        <section aria-label={t('recent.recentTitle')}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
            {t('recent.recentTitle')}
          </Text>
          {recent.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm">
              {t('recent.noRecent')}
            </Text>
          ) : (
            recent.map((entry) => (
              <RecentEntry key={entry.id} entry={entry} pinned={false} active={entry.id === openId} />
            ))
          )}
        </section>
      </Stack>
    </ScrollArea>
  );
}
