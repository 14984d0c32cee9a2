// The attendant's left column (spec §2): every contact they may work with its filters, search and
// orderings; the waiting queue; and the recent and pinned contacts.
import { ActionIcon, Badge, Box, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BellIcon, CloseIcon, PlusIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { requestNotificationPermission, useNotificationPermission } from '../../lib/browser-notification.ts';
import { unlockSound } from '../../lib/notification-sound.ts';
import { WaitingQueuePanel } from '../queue/WaitingQueuePanel.tsx';
import { useAbility } from '../../lib/abilities.ts';
import type { ListParams } from '../../lib/contact-keys.ts';
import { contactListQuery, contactSearchQuery, waitingQueueQuery } from '../contacts/contact-queries.ts';
import { ContactList } from '../contacts/ContactList.tsx';
import { ContactFilterChips } from '../contacts/ContactFilterChips.tsx';
import { ContactListToolbar } from '../contacts/ContactListToolbar.tsx';
import { CONTACT_SEARCH_INPUT_ID, ContactSearchForm } from '../contacts/ContactSearchForm.tsx';
import { useShortcut, useShortcuts } from '../../lib/shortcuts.ts';
import {
  isContactSearch,
  searchParamsOf,
  useListSettings,
  type ActiveSearch,
  type ContactSearch,
  type ContactView,
} from '../contacts/list-settings.ts';
import { MessageSearchResults } from '../contacts/MessageSearchResults.tsx';
import { NewContactModal } from '../contacts/NewContactModal.tsx';
import { RecentContactsPanel } from '../contacts/RecentContactsPanel.tsx';

function ListResults({ list }: { list: ListParams }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(contactListQuery(list));
  return (
    <ContactList
      query={query}
      empty={t('contacts.empty')}
      label={t(`contacts.filter.options.${list.filter}`)}
    />
  );
}

function SearchResults({ list, search }: { list: ListParams; search: ContactSearch }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(contactSearchQuery(searchParamsOf(search, list)));
  return (
    <ContactList query={query} empty={t('contacts.search.noResults')} label={t('contacts.search.results')} />
  );
}

function SearchSummary({ search, onClear }: { search: ActiveSearch; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <Text size="xs" c="dimmed" truncate>
        {t('contacts.search.summary', {
          parameter: t(`contacts.search.parameters.${search.parameter}`),
          value: search.value,
        })}
      </Text>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="gray"
        onClick={onClear}
        aria-label={t('contacts.search.clear')}
      >
        <CloseIcon size={14} />
      </ActionIcon>
    </Group>
  );
}

function NotificationButton() {
  const { t } = useTranslation();
  const permission = useNotificationPermission((state) => state.permission);
  if (permission !== 'default') return null;
  const handleClick = () => {
    unlockSound();
    void requestNotificationPermission();
  };
  return (
    <Tooltip label={t('alerts.enable')}>
      <ActionIcon variant="light" size={30} onClick={handleClick} aria-label={t('alerts.enable')}>
        <BellIcon size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

function RealtimeNotice() {
  const { t } = useTranslation();
  const status = useRealtimeStore((state) => state.status);
  if (status !== 'reconnecting') return null;
  return (
    <Text size="xs" c="orange" role="status" data-testid="realtime-reconnecting">
      {t('realtime.reconnecting')}
    </Text>
  );
}

export function ContactColumn() {
  const { t } = useTranslation();
  const mayCreate = useAbility('contacts.create');
  const {
    view,
    list,
    search,
    setView,
    setFilter,
    setOnlyMySegments,
    setOrder,
    setFilters,
    applyList,
    setSearch,
  } = useListSettings();
  const waiting = useQuery(waitingQueueQuery).data?.count;
  const [creating, setCreating] = useState(false);
  useShortcut({
    id: 'contacts.search',
    keys: '/',
    label: 'shortcuts.actions.search',
    handler: () => {
      setView('contacts');
      // The form is on screen once the view has rendered.
      requestAnimationFrame(() => document.getElementById(CONTACT_SEARCH_INPUT_ID)?.focus());
    },
  });

  useShortcuts(
    mayCreate
      ? [{ id: 'contacts.new', label: 'shortcuts.actions.newContact', handler: () => setCreating(true) }]
      : [],
  );

  return (
    <Stack gap={0} h="100%" data-testid="contact-column">
      <Stack gap={8} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap={6} wrap="nowrap">
          <SegmentedControl
            size="xs"
            style={{ flex: 1 }}
            value={view}
            onChange={(next) => setView(next as ContactView)}
            aria-label={t('contacts.views.label')}
            data={[
              { value: 'contacts', label: t('contacts.views.contacts') },
              {
                value: 'waiting',
                label: (
                  <Group gap={4} justify="center" wrap="nowrap">
                    <span>{t('contacts.views.waiting')}</span>
                    {waiting ? (
                      <Badge size="xs" circle={waiting < 10} data-testid="waiting-tab-count">
                        {waiting}
                      </Badge>
                    ) : null}
                  </Group>
                ),
              },
              { value: 'recent', label: t('contacts.views.recent') },
            ]}
          />
          <NotificationButton />
          {mayCreate && (
            <Box hiddenFrom="md">
              <Tooltip label={t('newContact.open')}>
                <ActionIcon
                  variant="default"
                  size={30}
                  onClick={() => setCreating(true)}
                  aria-label={t('newContact.open')}
                >
                  <PlusIcon size={16} />
                </ActionIcon>
              </Tooltip>
            </Box>
          )}
        </Group>
        {view === 'contacts' && (
          <>
            <ContactListToolbar
              list={list}
              onFilter={setFilter}
              onOnlyMySegments={setOnlyMySegments}
              onOrder={setOrder}
              onFilters={setFilters}
              onApplyList={applyList}
            />
            <ContactFilterChips filters={list.filters} onChange={setFilters} />
            <ContactSearchForm
              key={search ? `${search.parameter}:${search.value}` : 'none'}
              active={search}
              onSearch={setSearch}
            />
            {search && <SearchSummary search={search} onClear={() => setSearch(null)} />}
          </>
        )}
        <RealtimeNotice />
      </Stack>
      <Box style={{ flex: 1, minHeight: 0 }}>
        {view === 'contacts' &&
          (!search ? (
            <ListResults list={list} />
          ) : isContactSearch(search) ? (
            <SearchResults list={list} search={search} />
          ) : (
            <MessageSearchResults term={search.value} />
          ))}
        {view === 'waiting' && <WaitingQueuePanel />}
        {view === 'recent' && <RecentContactsPanel />}
      </Box>
      <NewContactModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
