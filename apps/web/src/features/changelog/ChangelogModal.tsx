// The changelog modal: every version the reader sees, newest first, each change with its type and its
// description in the reader's language (Portuguese for both Portuguese, English for French). Opening it marks
// the changelog seen, which clears the "what's new" badge.
import { changelogDescription, type ChangelogVersion } from '@atende/contract';
import { Badge, Divider, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect } from 'react';
import { QueryBody } from '../../components/QueryBody.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { CHANGELOG_KEY, changelogQuery, markChangelogSeen } from './changelog-api.ts';
import { CHANGE_COLOURS, versionDate } from './changelog-format.ts';

function VersionEntry({ version }: { version: ChangelogVersion }) {
  const { t, language } = useTranslation();
  return (
    <Stack gap="xs" data-testid="changelog-version">
      <Group gap="sm" align="baseline">
        <Title order={3} size="h4">
          {version.version}
        </Title>
        <Text size="sm" c="dimmed">
          {versionDate(version.date, language)}
        </Text>
        {version.scope === 'company' && (
          <Badge size="xs" variant="outline">
            {t('changelog.companyScope')}
          </Badge>
        )}
      </Group>
      <List spacing={6} listStyleType="none" p={0}>
        {version.changes.map((change, index) => (
          <List.Item key={index}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge
                color={CHANGE_COLOURS[change.type]}
                variant="light"
                size="sm"
                miw={96}
                style={{ flexShrink: 0 }}
              >
                {t(`changelog.type.${change.type}`)}
              </Badge>
              <Text size="sm">{changelogDescription(change, language)}</Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function ChangelogBody() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ ...changelogQuery(), staleTime: 0 });

  useEffect(() => {
    void markChangelogSeen().then(
      () => client.invalidateQueries({ queryKey: [...CHANGELOG_KEY, 'status'] }),
      () => undefined,
    );
  }, [client]);

  return (
    <QueryBody query={query}>
      {({ data }) =>
        data.length === 0 ? (
          <Text c="dimmed">{t('changelog.empty')}</Text>
        ) : (
          <Stack gap="md">
            {data.map((version, index) => (
              <Fragment key={version.id}>
                {index > 0 && <Divider />}
                <VersionEntry version={version} />
              </Fragment>
            ))}
          </Stack>
        )
      }
    </QueryBody>
  );
}

export function ChangelogModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('changelog.title')}
      size="lg"
      data-testid="changelog-modal"
    >
      {opened && <ChangelogBody />}
    </Modal>
  );
}
