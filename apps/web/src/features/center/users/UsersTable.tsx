// One page of the company's users: name, username, role, status, segments, teams and last sign-in, sortable by the
// headers; for administrators, each row's actions menu (edit, reset password, reset link, deactivate or
// reactivate).
import type { CenterUser, CenterUserSort } from '@atende/contract';
import { ActionIcon, Anchor, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { AdjustmentsIcon } from '../../../components/Icons.tsx';
import { CenterSortHeader } from '../CenterListControls.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import type { UserView } from './users-api.ts';

export interface UserActions {
  onEdit: (user: CenterUser) => void;
  onResetPassword: (user: CenterUser) => void;
  onResetLink: (user: CenterUser) => void;
  onSetActive: (user: CenterUser) => void;
}

function SortHeader({
  sort,
  view,
  onSort,
  label,
}: {
  sort: CenterUserSort;
  view: Pick<UserView, 'sort' | 'direction'>;
  onSort: (sort: CenterUserSort, direction: 'asc' | 'desc') => void;
  label: string;
}) {
  return (
    <CenterSortHeader sort={sort} view={view} onSort={onSort} label={label} testId={`users-sort-${sort}`} />
  );
}

function RowMenu({ user, actions }: { user: CenterUser; actions: UserActions }) {
  const { t } = useTranslation();
  if (user.role === 'super_admin') return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('centerUsers.actions.label', { name: user.name })}
          data-testid="user-actions"
        >
          <AdjustmentsIcon size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.onEdit(user)} data-testid="user-edit">
          {t('centerUsers.actions.edit')}
        </Menu.Item>
        <Menu.Item onClick={() => actions.onResetPassword(user)} data-testid="user-reset-password">
          {t('centerUsers.actions.resetPassword')}
        </Menu.Item>
        <Menu.Item onClick={() => actions.onResetLink(user)} data-testid="user-reset-link">
          {t('centerUsers.actions.resetLink')}
        </Menu.Item>
        <Menu.Item
          color={user.active ? 'red' : 'teal'}
          onClick={() => actions.onSetActive(user)}
          data-testid={user.active ? 'user-deactivate' : 'user-reactivate'}
        >
          {t(user.active ? 'centerUsers.actions.deactivate' : 'centerUsers.actions.reactivate')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function UsersTable({
  users,
  view,
  onSort,
  onOpen,
  actions,
}: {
  users: CenterUser[];
  /** Opens the user's detail. */
  onOpen: (user: CenterUser) => void;
  view: Pick<UserView, 'sort' | 'direction'>;
  onSort: (sort: CenterUserSort, direction: 'asc' | 'desc') => void;
  /** Absent for who may only read: no menu shows. */
  actions?: UserActions;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader sort="name" view={view} onSort={onSort} label={t('centerUsers.columns.name')} />
            <SortHeader
              sort="username"
              view={view}
              onSort={onSort}
              label={t('centerUsers.columns.username')}
            />
            <SortHeader sort="role" view={view} onSort={onSort} label={t('centerUsers.columns.role')} />
            <Table.Th>{t('centerUsers.columns.status')}</Table.Th>
            <Table.Th>{t('centerUsers.columns.segments')}</Table.Th>
            <Table.Th>{t('centerUsers.columns.teams')}</Table.Th>
            <SortHeader
              sort="last_login_at"
              view={view}
              onSort={onSort}
              label={t('centerUsers.columns.lastLogin')}
            />
            {actions && (
              <Table.Th>
                <VisuallyHidden>{t('centerUsers.columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="user-row" data-username={user.username}>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={500}
                  onClick={() => onOpen(user)}
                  data-testid="user-open"
                >
                  {user.name}
                </Anchor>
                {user.email && (
                  <Text size="xs" c="dimmed">
                    {user.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {user.username}
                </Text>
              </Table.Td>
              <Table.Td>{t(`roles.${user.role}`)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge variant="dot" color={user.active ? 'teal' : 'gray'} data-testid="user-status">
                    {t(user.active ? 'centerUsers.status.active' : 'centerUsers.status.inactive')}
                  </Badge>
                  {user.require_new_password && user.active && (
                    <Badge variant="light" color="yellow" size="sm">
                      {t('centerUsers.status.mustChangePassword')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.segments.map((segment) => segment.name).join(', ') || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.teams.map((team) => team.name).join(', ') || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {user.last_login_at ? format.dateTime(user.last_login_at) : t('centerUsers.never')}
                </Text>
              </Table.Td>
              {actions && (
                <Table.Td>
                  <RowMenu user={user} actions={actions} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
