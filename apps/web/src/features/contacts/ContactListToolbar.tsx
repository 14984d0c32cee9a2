// The list's filter (spec §2: general, mine, pending schedules, pending, pending first response, chatbots),
// "only my segments", the ordering with its direction, the combinable filters and the saved views.
import {
  CONTACT_LIST_FILTERS,
  CONTACT_ORDERS,
  type ContactFilters,
  type ContactListFilter,
  type ContactOrder,
} from '@atende/contract';
import { ActionIcon, Group, NativeSelect, Popover, Stack, Switch, Tooltip } from '@mantine/core';
import { AdjustmentsIcon, SortAscendingIcon, SortDescendingIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import type { ListParams } from '../../lib/contact-keys.ts';
import { ContactFiltersPopover } from './ContactFiltersPopover.tsx';
import { SavedViewsPopover } from './SavedViewsPopover.tsx';

interface ContactListToolbarProps {
  list: ListParams;
  onFilter: (filter: ContactListFilter) => void;
  onOnlyMySegments: (value: boolean) => void;
  onOrder: (order: ContactOrder, direction: ListParams['direction']) => void;
  onFilters: (filters: ContactFilters) => void;
  onApplyList: (list: ListParams) => void;
}

const isFilter = (value: string): value is ContactListFilter =>
  (CONTACT_LIST_FILTERS as readonly string[]).includes(value);
const isOrder = (value: string): value is ContactOrder =>
  (CONTACT_ORDERS as readonly string[]).includes(value);

export function ContactListToolbar({
  list,
  onFilter,
  onOnlyMySegments,
  onOrder,
  onFilters,
  onApplyList,
}: ContactListToolbarProps) {
  const { t } = useTranslation();
  const ascending = list.direction === 'asc';
  const customised = list.only_my_segments || list.order !== 'default' || ascending;

  return (
    <Group gap={6} wrap="nowrap">
      <NativeSelect
        aria-label={t('contacts.filter.label')}
        value={list.filter}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isFilter(next)) onFilter(next);
        }}
        data={CONTACT_LIST_FILTERS.map((filter) => ({
          value: filter,
          label: t(`contacts.filter.options.${filter}`),
        }))}
        size="xs"
        style={{ flex: 1 }}
      />
      <Popover position="bottom-end" shadow="md" width={260} withinPortal>
        <Popover.Target>
          <Tooltip label={t('contacts.options.label')}>
            <ActionIcon
              variant={customised ? 'light' : 'default'}
              size={30}
              aria-label={t('contacts.options.label')}
            >
              <AdjustmentsIcon size={16} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Group gap={6} wrap="nowrap" align="flex-end">
              <NativeSelect
                label={t('contacts.order.label')}
                value={list.order}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  if (isOrder(next)) onOrder(next, list.direction);
                }}
                data={CONTACT_ORDERS.map((order) => ({
                  value: order,
                  label: t(`contacts.order.options.${order}`),
                }))}
                size="xs"
                style={{ flex: 1 }}
              />
              <Tooltip label={t(ascending ? 'contacts.order.ascending' : 'contacts.order.descending')}>
                <ActionIcon
                  variant="default"
                  size={30}
                  onClick={() => onOrder(list.order, ascending ? 'desc' : 'asc')}
                  aria-label={t(ascending ? 'contacts.order.ascending' : 'contacts.order.descending')}
                  aria-pressed={ascending}
                >
                  {ascending ? <SortAscendingIcon size={16} /> : <SortDescendingIcon size={16} />}
                </ActionIcon>
              </Tooltip>
            </Group>
            <Switch
              label={t('contacts.onlyMySegments')}
              checked={list.only_my_segments}
              onChange={(event) => onOnlyMySegments(event.currentTarget.checked)}
              size="sm"
            />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <ContactFiltersPopover filters={list.filters} onChange={onFilters} />
      <SavedViewsPopover list={list} onApply={onApplyList} />
    </Group>
  );
}
