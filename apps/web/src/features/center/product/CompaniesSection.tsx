// The product's companies (Center › Produto): a searchable, sortable, paged table with each company's usage,
// and per row: suspend or reactivate (after a confirmation), and open a support session as its administrator.
import type { ProductCompany } from '@atende/contract';
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { formatFileSize } from '../../conversation/file-size.ts';
import { startSupportSession } from '../../support/support-session.ts';
import { CenterPager } from '../CenterListControls.tsx';
import { CenterSection } from '../CenterSection.tsx';
import { CreateCompanyModal } from './CreateCompanyModal.tsx';
import {
  COMPANY_TABLE_PAGE,
  companiesKey,
  companiesQuery,
  impersonate,
  setSuspended,
  type CompanyView,
} from './product-api.ts';

/** The orders offered, each with its label. */
const SORTS = {
  'name:asc': 'product.sort.name_asc',
  'name:desc': 'product.sort.name_desc',
  'created_at:desc': 'product.sort.created_at_desc',
  'status:desc': 'product.sort.status_desc',
} as const;

function CompanyRow({
  company,
  own,
  onToggle,
  onImpersonate,
  impersonating,
}: {
  company: ProductCompany;
  own: boolean;
  onToggle: (company: ProductCompany) => void;
  onImpersonate: (company: ProductCompany) => void;
  impersonating: boolean;
}) {
  const { t, language } = useTranslation();
  const format = useFormatters();
  const suspended = company.suspended_at !== null;
  const { usage } = company;
  return (
    <Table.Tr data-testid="company-row" data-slug={company.slug}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {company.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {company.slug}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={suspended ? 'red' : 'green'} variant="light" data-testid="company-status">
          {t(suspended ? 'product.status.suspended' : 'product.status.active')}
        </Badge>
        <Text size="xs" c="dimmed">
          {format.longDate(company.created_at)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{usage.active_users}</Table.Td>
      <Table.Td ta="right">{usage.contacts}</Table.Td>
      <Table.Td ta="right">{usage.messages_30d}</Table.Td>
      <Table.Td ta="right">{formatFileSize(usage.file_bytes, language)}</Table.Td>
      <Table.Td ta="right">{usage.channel_accounts}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            disabled={suspended || own}
            loading={impersonating}
            onClick={() => onImpersonate(company)}
            data-testid="company-impersonate"
          >
            {t('product.actions.impersonate')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color={suspended ? 'green' : 'red'}
            disabled={own}
            onClick={() => onToggle(company)}
            data-testid="company-toggle"
          >
            {t(suspended ? 'product.actions.reactivate' : 'product.actions.suspend')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function CompaniesSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ownCompany = useCurrentUser()?.company.id;
  const [view, setView] = useState<CompanyView>({ search: '', sort: 'name', direction: 'asc', page: 1 });
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<ProductCompany | null>(null);
  const query = useQuery(companiesQuery(view));
  const change = (next: Partial<CompanyView>) => setView((current) => ({ ...current, page: 1, ...next }));

  const toggle = useMutation({
    mutationFn: (company: ProductCompany) => setSuspended(company.id, company.suspended_at === null),
    onSuccess: async (company) => {
      await queryClient.invalidateQueries({ queryKey: companiesKey });
      notifySuccess(
        t(company.suspended_at ? 'product.suspended' : 'product.reactivated', { name: company.name }),
      );
      setToggling(null);
    },
  });
  const support = useMutation({
    mutationFn: (company: ProductCompany) => impersonate(company.id),
    onSuccess: (started) => startSupportSession(started.access_token),
    onError: (error) => notifyError(errorText(error)),
  });
  const handleToggle = (company: ProductCompany) => {
    toggle.reset();
    setToggling(company);
  };
  const suspending = toggling?.suspended_at === null;

  return (
    <CenterSection
      title={t('product.companies.title')}
      description={t('product.companies.subtitle')}
      action={
        <Button onClick={() => setCreating(true)} data-testid="company-create">
          {t('product.companies.create')}
        </Button>
      }
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            placeholder={t('product.companies.search')}
            aria-label={t('product.companies.search')}
            value={view.search}
            onChange={(event) => change({ search: event.currentTarget.value })}
            data-testid="company-search"
            style={{ flex: 1, minWidth: 200 }}
          />
          <SegmentedControl
            aria-label={t('product.sort.label')}
            value={`${view.sort}:${view.direction}`}
            onChange={(value) => {
              const [sort, direction] = value.split(':') as [CompanyView['sort'], CompanyView['direction']];
              change({ sort, direction });
            }}
            data={Object.entries(SORTS).map(([value, label]) => ({ value, label: t(label) }))}
            data-testid="company-sort"
          />
        </Group>
        <QueryBody query={query}>
          {(page) => {
            if (page.data.length === 0) return <Text c="dimmed">{t('product.companies.empty')}</Text>;
            return (
              <Stack gap="sm">
                <Table.ScrollContainer minWidth={900}>
                  <Table verticalSpacing="sm" data-testid="companies-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('product.columns.company')}</Table.Th>
                        <Table.Th>{t('product.columns.status')}</Table.Th>
                        <Table.Th ta="right">{t('product.columns.users')}</Table.Th>
                        <Table.Th ta="right">{t('product.columns.contacts')}</Table.Th>
                        <Table.Th ta="right">{t('product.columns.messages')}</Table.Th>
                        <Table.Th ta="right">{t('product.columns.files')}</Table.Th>
                        <Table.Th ta="right">{t('product.columns.channels')}</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {page.data.map((company) => (
                        <CompanyRow
                          key={company.id}
                          company={company}
                          own={company.id === ownCompany}
                          onToggle={handleToggle}
                          onImpersonate={(target) => support.mutate(target)}
                          impersonating={support.isPending && support.variables?.id === company.id}
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Text size="xs" c="dimmed">
                  {t('product.companies.total', { count: page.total })}
                </Text>
                <CenterPager
                  total={page.total}
                  pageSize={COMPANY_TABLE_PAGE}
                  page={view.page - 1}
                  onChange={(value) => setView((current) => ({ ...current, page: value + 1 }))}
                />
              </Stack>
            );
          }}
        </QueryBody>
      </Stack>
      <CreateCompanyModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={toggling !== null}
        title={t(suspending ? 'product.confirm.suspendTitle' : 'product.confirm.reactivateTitle', {
          name: toggling?.name ?? '',
        })}
        confirmLabel={t(suspending ? 'product.actions.suspend' : 'product.actions.reactivate')}
        busy={toggle.isPending}
        error={toggle.error ? errorText(toggle.error) : null}
        onConfirm={() => toggling && toggle.mutate(toggling)}
        onClose={() => setToggling(null)}
        testId="company-toggle-confirm"
      >
        <Text size="sm">
          {t(suspending ? 'product.confirm.suspendBody' : 'product.confirm.reactivateBody')}
        </Text>
      </ConfirmModal>
    </CenterSection>
  );
}
