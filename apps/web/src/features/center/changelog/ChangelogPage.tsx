// The Center's changelog (/center/changelog): every version the manager sees, with the changes in their
// language; publishing, changing and deleting. A super administrator's versions are the product's (every
// company reads them); an administrator's are their company's own, and the product's are read-only to them.
import type { ChangelogVersion } from '@atende/contract';
import { changelogDescription } from '@atende/contract';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { PlusIcon } from '../../../components/Icons.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { useAbility } from '../../../lib/abilities.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { CHANGE_COLOURS, versionDate } from '../../changelog/changelog-format.ts';
import { CHANGELOG_KEY, changelogQuery, deleteVersion } from '../../changelog/changelog-api.ts';
import { CenterSection } from '../CenterSection.tsx';
import { VersionModal } from './VersionModal.tsx';

function DeleteConfirm({ version, onClose }: { version: ChangelogVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: ChangelogVersion) => deleteVersion(target.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: CHANGELOG_KEY });
      notifySuccess(t('centerChangelog.deleted'));
      onClose();
    },
  });
  return (
    <ConfirmModal
      opened={version !== null}
      title={t('centerChangelog.confirmDelete', { version: version?.version ?? '' })}
      confirmLabel={t('centerChangelog.delete')}
      busy={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onConfirm={() => version && remove.mutate(version)}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      testId="version-delete-confirm"
    >
      <Text size="sm">{t('centerChangelog.confirmDeleteBody')}</Text>
    </ConfirmModal>
  );
}

function Versions() {
  const { t, language } = useTranslation();
  const query = useQuery(changelogQuery());
  const [editing, setEditing] = useState<{ version: ChangelogVersion | null } | null>(null);
  const [deleting, setDeleting] = useState<ChangelogVersion | null>(null);

  return (
    <Stack gap="md">
      <Button
        leftSection={<PlusIcon />}
        onClick={() => setEditing({ version: null })}
        style={{ alignSelf: 'flex-end' }}
        data-testid="version-new"
      >
        {t('centerChangelog.new')}
      </Button>
      <QueryBody query={query}>
        {({ data }) =>
          data.length === 0 ? (
            <Text c="dimmed">{t('changelog.empty')}</Text>
          ) : (
            <Table verticalSpacing="sm" data-testid="version-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('centerChangelog.fields.version')}</Table.Th>
                  <Table.Th>{t('centerChangelog.fields.date')}</Table.Th>
                  <Table.Th>{t('centerChangelog.changes')}</Table.Th>
                  <Table.Th>{t('centerChangelog.scope')}</Table.Th>
                  <Table.Th aria-label={t('centerChangelog.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((version) => (
                  <Table.Tr key={version.id} data-testid="version-row">
                    <Table.Td fw={600}>{version.version}</Table.Td>
                    <Table.Td>{versionDate(version.date, language)}</Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        {version.changes.map((change, index) => (
                          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                            <Badge
                              size="xs"
                              variant="light"
                              color={CHANGE_COLOURS[change.type]}
                              style={{ flexShrink: 0 }}
                            >
                              {t(`changelog.type.${change.type}`)}
                            </Badge>
                            <Text size="sm">{changelogDescription(change, language)}</Text>
                          </Group>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {t(`centerChangelog.scopes.${version.scope}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {version.editable ? (
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setEditing({ version })}
                            data-testid="version-edit"
                          >
                            {t('centerChangelog.edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(version)}
                            data-testid="version-delete"
                          >
                            {t('centerChangelog.delete')}
                          </Button>
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t('centerChangelog.readOnly')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryBody>
      <VersionModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteConfirm version={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

export function ChangelogPage() {
  const { t } = useTranslation();
  const manages = useAbility('changelog.manage');
  const product = useCurrentUser()?.role === 'super_admin';
  return (
    <CenterSection
      title={t('centerChangelog.title')}
      description={t(product ? 'centerChangelog.descriptionProduct' : 'centerChangelog.descriptionCompany')}
    >
      {manages ? (
        <Versions />
      ) : (
        <Alert color="yellow" variant="light" role="alert">
          {t('centerChangelog.noAccess')}
        </Alert>
      )}
    </CenterSection>
  );
}
