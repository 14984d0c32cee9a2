// The controls every Center list shares: its search field, its sortable column headers and its page control
// (shown only past one page, its buttons named in the user's language).
import { Group, Pagination, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { SearchIcon, SortAscendingIcon, SortDescendingIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';

export function CenterSearch({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <TextInput
      leftSection={<SearchIcon />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid={testId}
    />
  );
}

/** How many pages a list of `total` rows takes, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** `page` counts from 0. */
export function CenterPager({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page + 1}
        onChange={(value) => onChange(value - 1)}
        getControlProps={(control) => ({ 'aria-label': t(`centerCatalogues.pages.${control}`) })}
      />
    </Group>
  );
}

export type SortDirection = 'asc' | 'desc';

/** A column header that sorts the list by its column: ascending first, then the other way. */
export function CenterSortHeader<Sort extends string>({
  sort,
  view,
  onSort,
  label,
  testId,
}: {
  sort: Sort;
  view: { sort: Sort; direction: SortDirection };
  onSort: (sort: Sort, direction: SortDirection) => void;
  label: string;
  testId: string;
}) {
  const active = view.sort === sort;
  const next = active && view.direction === 'asc' ? 'desc' : 'asc';
  return (
    <Table.Th aria-sort={active ? (view.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sort, next)} data-testid={testId}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={700}>
            {label}
          </Text>
          {active &&
            (view.direction === 'asc' ? <SortAscendingIcon size={14} /> : <SortDescendingIcon size={14} />)}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
