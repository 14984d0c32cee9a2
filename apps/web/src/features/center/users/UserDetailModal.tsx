// A user's detail as supervisors read it (and administrators before editing): every field, the segments, the
// teams, and
// each permission flag with its role's default and whether it is set apart.
import { PERMISSIONS, type CenterUser } from '@atende/contract';
import { Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';

export function UserDetailModal({ user, onClose }: { user: CenterUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const yesNo = (value: boolean) => t(value ? 'centerUsers.yes' : 'centerUsers.no');
  const fields: [string, string][] = user
    ? [
        [t('centerUsers.fields.username'), user.username],
        [t('centerUsers.fields.email'), user.email ?? '—'],
        [t('centerUsers.fields.role'), t(`roles.${user.role}`)],
        [
          t('centerUsers.fields.language'),
          user.language ? t(`languages.${user.language}`) : t('profile.languageAutomatic'),
        ],
        [t('centerUsers.fields.timezone'), user.timezone],
        [t('centerUsers.fields.segments'), user.segments.map((segment) => segment.name).join(', ') || '—'],
        [t('centerUsers.fields.teams'), user.teams.map((team) => team.name).join(', ') || '—'],
        [
          t('centerUsers.columns.status'),
          t(user.active ? 'centerUsers.status.active' : 'centerUsers.status.inactive'),
        ],
        [
          t('centerUsers.columns.lastLogin'),
          user.last_login_at ? format.dateTime(user.last_login_at) : t('centerUsers.never'),
        ],
      ]
    : [];
  return (
    <Modal opened={user !== null} onClose={onClose} title={user?.name ?? ''} size="lg">
      {user && (
        <Stack gap="md" data-testid="user-detail">
          <Table>
            <Table.Tbody>
              {fields.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w="40%">{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fw={500}>{t('centerUsers.flags.title')}</Text>
          <Table>
            <Table.Tbody>
              {PERMISSIONS.map((flag) => (
                <Table.Tr key={flag}>
                  <Table.Th w="40%">{t(`centerUsers.flags.${flag}`)}</Table.Th>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{yesNo(user.permissions[flag])}</Text>
                      <Text size="xs" c="dimmed">
                        {t('centerUsers.flags.roleDefault', {
                          role: t(`roles.${user.role}`),
                          value: yesNo(user.default_permissions[flag]),
                        })}
                      </Text>
                      {user.permissions[flag] !== user.default_permissions[flag] && (
                        <Badge size="sm" variant="light" color="orange">
                          {t('centerUsers.flags.overridden')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
