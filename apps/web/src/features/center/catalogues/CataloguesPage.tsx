// The Center's catalogues section (/center/catalogues): one tab per catalogue (pause reasons, event actions,
// segments, jokers, call reasons), each a searchable, sortable, paged table with archived entries on demand.
// Administrators create, edit, reorder and (un)archive; supervisors read (no button shows); anyone else is
// told so without a call. Every change reaches the open consoles through the server's catalogue.changed.
import { CATALOGUES, type Catalogue, type CatalogueEntry, type CatalogueSort } from '@atende/contract';
import { Alert, Button, Group, SegmentedControl, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { PlusIcon } from '../../../components/Icons.tsx';
import { CenterPager, CenterSearch, pageCount } from '../CenterListControls.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { holds } from '../../../lib/abilities.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { CenterSection } from '../CenterSection.tsx';
import { CatalogueTable } from './CatalogueTable.tsx';
import {
  CATALOGUE_PAGE,
  catalogueKey,
  catalogueQuery,
  moveEntry,
  setArchived,
  type CatalogueView,
} from './catalogues-api.ts';
import { EntryModal, type EntryEditing } from './EntryModal.tsx';

const FIRST_VIEW: CatalogueView = {
  search: '',
  sort: 'position',
  direction: 'asc',
  archived: false,
  page: 0,
};

function ArchiveConfirm({
  catalogue,
  entry,
  onClose,
}: {
  catalogue: Catalogue;
  entry: CatalogueEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const archiving = entry?.archived_at === null;
  const toggle = useMutation({
    mutationFn: (target: CatalogueEntry) => setArchived(catalogue, target.id, target.archived_at === null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKey(catalogue) });
      onClose();
    },
  });
  const handleClose = () => {
    toggle.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={entry !== null}
      title={t(
        archiving ? 'centerCatalogues.confirmArchive.title' : 'centerCatalogues.confirmUnarchive.title',
        {
          name: entry?.name ?? '',
        },
      )}
      confirmLabel={t(archiving ? 'centerCatalogues.archive' : 'centerCatalogues.unarchive')}
      busy={toggle.isPending}
      error={toggle.isError ? errorText(toggle.error) : null}
      onConfirm={() => entry && toggle.mutate(entry)}
      onClose={handleClose}
      testId="catalogue-confirm"
    >
      <Text size="sm">
        {t(archiving ? 'centerCatalogues.confirmArchive.body' : 'centerCatalogues.confirmUnarchive.body')}
      </Text>
    </ConfirmModal>
  );
}

function CatalogueTab({ catalogue, manages }: { catalogue: Catalogue; manages: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [view, setView] = useState<CatalogueView>(FIRST_VIEW);
  const [editing, setEditing] = useState<EntryEditing | null>(null);
  const [archiving, setArchiving] = useState<CatalogueEntry | null>(null);
  const query = useQuery(catalogueQuery(catalogue, view));
  const move = useMutation({
    mutationFn: ({ entry, position }: { entry: CatalogueEntry; position: number }) =>
      moveEntry(catalogue, entry.id, position),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKey(catalogue) }),
    onError: (error) => notifyError(errorText(error)),
  });
  const change = (patch: Partial<CatalogueView>) => setView((current) => ({ ...current, page: 0, ...patch }));

  /** Past the neighbour shown (the next entry of the order when it is on another page). */
  const handleMove = (entry: CatalogueEntry, direction: -1 | 1, neighbour: CatalogueEntry | undefined) =>
    move.mutate({ entry, position: Math.max(0, neighbour?.position ?? entry.position + direction) });

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <CenterSearch
            label={t('centerCatalogues.search')}
            value={view.search}
            onChange={(search) => change({ search })}
            testId="catalogue-search"
          />
          <SegmentedControl
            aria-label={t('centerCatalogues.sort.label')}
            value={`${view.sort}:${view.direction}`}
            onChange={(value) => {
              const [sort, direction] = value.split(':') as [CatalogueSort, 'asc' | 'desc'];
              change({ sort, direction });
            }}
            data={[
              { value: 'position:asc', label: t('centerCatalogues.sort.position') },
              { value: 'name:asc', label: t('centerCatalogues.sort.nameAsc') },
              { value: 'name:desc', label: t('centerCatalogues.sort.nameDesc') },
            ]}
            data-testid="catalogue-sort"
          />
          <Switch
            label={t('centerCatalogues.showArchived')}
            checked={view.archived}
            onChange={(event) => change({ archived: event.currentTarget.checked })}
            data-testid="catalogue-show-archived"
          />
        </Group>
        {manages && (
          <Button
            leftSection={<PlusIcon />}
            onClick={() => setEditing({ entry: null })}
            data-testid="catalogue-new"
          >
            {t(`centerCatalogues.new.${catalogue}`)}
          </Button>
        )}
      </Group>
      <QueryBody query={query}>
        {(page) => {
          if (page.data.length === 0) return <Text c="dimmed">{t('centerCatalogues.empty')}</Text>;
          const pages = pageCount(page.total, CATALOGUE_PAGE);
          return (
            <>
              <CatalogueTable
                catalogue={catalogue}
                entries={page.data}
                manage={
                  manages
                    ? {
                        canMove: view.sort === 'position' && view.direction === 'asc',
                        firstPage: view.page === 0,
                        lastPage: view.page >= pages - 1,
                        busy: move.isPending,
                        onMove: handleMove,
                        onEdit: (entry) => setEditing({ entry }),
                        onArchive: setArchiving,
                      }
                    : undefined
                }
              />
              <CenterPager
                total={page.total}
                pageSize={CATALOGUE_PAGE}
                page={view.page}
                onChange={(value) => setView((current) => ({ ...current, page: value }))}
              />
            </>
          );
        }}
      </QueryBody>
      <EntryModal catalogue={catalogue} editing={editing} onClose={() => setEditing(null)} />
      <ArchiveConfirm catalogue={catalogue} entry={archiving} onClose={() => setArchiving(null)} />
    </Stack>
  );
}

export function CataloguesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  if (!holds(user, 'catalogues.read')) {
    return (
      <Alert color="yellow" variant="light" title={t('centerCatalogues.noAccessTitle')} role="alert">
        {t('centerCatalogues.noAccessBody')}
      </Alert>
    );
  }
  const manages = holds(user, 'catalogues.manage');
  const current = CATALOGUES.find((catalogue) => catalogue === params.get('catalogue')) ?? CATALOGUES[0];
  return (
    <CenterSection
      title={t('centerCatalogues.title')}
      description={t(manages ? 'centerCatalogues.subtitle' : 'centerCatalogues.readOnly')}
    >
      <Tabs
        value={current}
        onChange={(value) => value && setParams({ catalogue: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {CATALOGUES.map((catalogue) => (
            <Tabs.Tab key={catalogue} value={catalogue} data-testid={`catalogue-tab-${catalogue}`}>
              {t(`centerCatalogues.tabs.${catalogue}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CATALOGUES.map((catalogue) => (
          <Tabs.Panel key={catalogue} value={catalogue}>
            <CatalogueTab catalogue={catalogue} manages={manages} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </CenterSection>
  );
}
