// One page of a catalogue: each entry's place, name (archived ones marked), rules or a phrase's text, and — for who may manage
// the catalogue — moving it up or down (buttons, so the keyboard reorders too), editing and (un)archiving.
import type { Catalogue, CatalogueEntry } from '@atende/contract';
import { ActionIcon, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/Icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export interface EntryActions {
  /** Absent for who may only read the catalogue: no button shows. */
  manage?: {
    /** Moving is offered when the table shows the company's order. */
    canMove: boolean;
    /** Whether the page is the first or last one: nothing to move past at its ends. */
    firstPage: boolean;
    lastPage: boolean;
    onMove: (entry: CatalogueEntry, direction: -1 | 1, neighbour: CatalogueEntry | undefined) => void;
    onEdit: (entry: CatalogueEntry) => void;
    onArchive: (entry: CatalogueEntry) => void;
    busy: boolean;
  };
}

function EntryRules({ catalogue, entry }: { catalogue: Catalogue; entry: CatalogueEntry }) {
  const { t } = useTranslation();
  const rules =
    catalogue === 'pause_reasons'
      ? [
          entry.max_minutes === null
            ? t('centerCatalogues.rules.noLimit')
            : t('centerCatalogues.rules.maxMinutes', { minutes: entry.max_minutes }),
        ]
      : catalogue === 'event_actions'
        ? [
            t(`centerCatalogues.rules.amount.${entry.amount ?? 'optional'}`),
            ...(entry.annotation_required ? [t('centerCatalogues.rules.annotationRequired')] : []),
          ]
        : [];
  return (
    <Text size="sm" c="dimmed">
      {rules.join(' · ')}
    </Text>
  );
}

function RowActions({
  entry,
  above,
  below,
  manage,
}: {
  entry: CatalogueEntry;
  above: CatalogueEntry | undefined;
  below: CatalogueEntry | undefined;
  manage: NonNullable<EntryActions['manage']>;
}) {
  const { t } = useTranslation();
  const archived = entry.archived_at !== null;
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {manage.canMove && (
        <>
          <ActionIcon
            variant="subtle"
            disabled={manage.busy || (!above && manage.firstPage)}
            onClick={() => manage.onMove(entry, -1, above)}
            aria-label={t('centerCatalogues.moveUp', { name: entry.name })}
            data-testid="catalogue-move-up"
          >
            <ArrowUpIcon />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={manage.busy || (!below && manage.lastPage)}
            onClick={() => manage.onMove(entry, 1, below)}
            aria-label={t('centerCatalogues.moveDown', { name: entry.name })}
            data-testid="catalogue-move-down"
          >
            <ArrowDownIcon />
          </ActionIcon>
        </>
      )}
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => manage.onEdit(entry)}
        data-testid="catalogue-edit"
      >
        {t('centerCatalogues.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color={archived ? 'teal' : 'red'}
        onClick={() => manage.onArchive(entry)}
        data-testid={archived ? 'catalogue-unarchive' : 'catalogue-archive'}
      >
        {t(archived ? 'centerCatalogues.unarchive' : 'centerCatalogues.archive')}
      </Button>
    </Group>
  );
}

export function CatalogueTable({
  catalogue,
  entries,
  manage,
}: { catalogue: Catalogue; entries: CatalogueEntry[] } & EntryActions) {
  const { t } = useTranslation();
  const hasRules = catalogue === 'pause_reasons' || catalogue === 'event_actions';
  const hasText = catalogue === 'phrases';
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>{t('centerCatalogues.columns.position')}</Table.Th>
            <Table.Th>
              {t(hasText ? 'centerCatalogues.columns.title' : 'centerCatalogues.columns.name')}
            </Table.Th>
            {hasRules && <Table.Th>{t('centerCatalogues.columns.rules')}</Table.Th>}
            {hasText && <Table.Th>{t('centerCatalogues.columns.text')}</Table.Th>}
            {manage && (
              <Table.Th>
                <VisuallyHidden>{t('centerCatalogues.columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr key={entry.id} data-testid="catalogue-row" data-name={entry.name}>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {entry.position + 1}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {entry.name}
                  </Text>
                  {entry.archived_at && (
                    <Badge color="gray" variant="light" size="sm" data-testid="catalogue-archived">
                      {t('centerCatalogues.archived')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              {hasRules && (
                <Table.Td>
                  <EntryRules catalogue={catalogue} entry={entry} />
                </Table.Td>
              )}
              {hasText && (
                <Table.Td maw={420}>
                  <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {entry.text}
                  </Text>
                </Table.Td>
              )}
              {manage && (
                <Table.Td>
                  <RowActions
                    entry={entry}
                    above={entries[index - 1]}
                    below={entries[index + 1]}
                    manage={manage}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
