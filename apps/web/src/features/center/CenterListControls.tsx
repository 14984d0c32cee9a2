// The controls every Center list shares: its search field and its page control (shown only past one page,
// its buttons named in the user's language).
import { Group, Pagination, TextInput } from '@mantine/core';
import { SearchIcon } from '../../components/Icons.tsx';
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
