// The Center's first page: the company's users — a searchable, sortable, paged table; administrators create,
// edit, deactivate or reactivate users, reset their passwords (a temporary password or a one-time link, shown
// once) and import them from a CSV file; supervisors read (no button shows).
import type { CenterUser, CreatedUser } from '@atende/contract';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { PlusIcon } from '../../components/Icons.tsx';
import { CenterPager, CenterSearch } from './CenterListControls.tsx';
import { QueryBody } from '../../components/QueryBody.tsx';
import { useAbility } from '../../lib/abilities.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { CenterSection } from './CenterSection.tsx';
import { PausedNowPanel } from './pauses/PausedNowPanel.tsx';
import { ImportUsersModal } from './users/ImportUsersModal.tsx';
import { ResetLinkModal, type ShownLink } from './users/ResetLinkModal.tsx';
import { TemporaryPasswordModal, type Shown } from './users/TemporaryPasswordModal.tsx';
import { UserDetailModal } from './users/UserDetailModal.tsx';
import { UserFormModal } from './users/UserFormModal.tsx';
import {
  createResetLink,
  resetUserPassword,
  setUserActive,
  USER_PAGE,
  usersKey,
  usersQuery,
  type UserView,
} from './users/users-api.ts';
import { UsersTable } from './users/UsersTable.tsx';

const FIRST_VIEW: UserView = { search: '', sort: 'name', direction: 'asc', status: 'all', page: 0 };

type Pending = { user: CenterUser; action: 'active' | 'reset' | 'link' };
/** What an action leaves to show once: a temporary password, a reset link, or nothing. */
type Done =
  | { kind: 'password'; user: CenterUser; password: string }
  | { kind: 'link'; user: CenterUser; url: string; expiresAt: string }
  | null;

/**
 * Confirms a deactivation, reactivation, password reset or reset link; a reset then shows the temporary
 * password, a link the link.
 */
function ActionConfirm({
  pending,
  onClose,
  onReset,
  onLink,
}: {
  pending: Pending | null;
  onClose: () => void;
  onReset: (shown: Shown) => void;
  onLink: (link: ShownLink) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async ({ user, action }: Pending): Promise<Done> => {
      if (action === 'reset') {
        const reset = await resetUserPassword(user.id);
        return { kind: 'password', user: reset.user, password: reset.temporary_password };
      }
      if (action === 'link') {
        const link = await createResetLink(user.id);
        return { kind: 'link', user: link.user, url: link.url, expiresAt: link.expires_at };
      }
      await setUserActive(user.id, !user.active);
      return null;
    },
    onSuccess: async (done) => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      onClose();
      if (!done) return;
      const { name, username } = done.user;
      if (done.kind === 'link') onLink({ name, username, url: done.url, expiresAt: done.expiresAt });
      else onReset({ name, username, password: done.password });
    },
  });
  const handleClose = () => {
    run.reset();
    onClose();
  };
  const kind = !pending
    ? 'deactivate'
    : pending.action !== 'active'
      ? pending.action
      : pending.user.active
        ? 'deactivate'
        : 'reactivate';
  return (
    <ConfirmModal
      opened={pending !== null}
      title={t(`centerUsers.confirm.${kind}.title`, { name: pending?.user.name ?? '' })}
      confirmLabel={t(`centerUsers.confirm.${kind}.action`)}
      busy={run.isPending}
      error={run.isError ? errorText(run.error) : null}
      onConfirm={() => pending && run.mutate(pending)}
      onClose={handleClose}
      testId="user-confirm"
    >
      <Text size="sm">{t(`centerUsers.confirm.${kind}.body`)}</Text>
    </ConfirmModal>
  );
}

function CompanyUsers({ manages }: { manages: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useState<UserView>(FIRST_VIEW);
  const [editing, setEditing] = useState<CenterUser | null | undefined>(undefined);
  const [pending, setPending] = useState<Pending | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [link, setLink] = useState<ShownLink | null>(null);
  const [opened, setOpened] = useState<CenterUser | null>(null);
  const [importing, setImporting] = useState(false);
  const query = useQuery(usersQuery(view));
  const change = (patch: Partial<UserView>) => setView((current) => ({ ...current, page: 0, ...patch }));
  const handleCreated = (created: CreatedUser) => {
    if (created.temporary_password)
      setShown({
        name: created.user.name,
        username: created.user.username,
        password: created.temporary_password,
      });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <CenterSearch
            label={t('centerUsers.search')}
            value={view.search}
            onChange={(search) => change({ search })}
            testId="users-search"
          />
          <SegmentedControl
            aria-label={t('centerUsers.status.label')}
            value={view.status}
            onChange={(value) => change({ status: value as UserView['status'] })}
            data={[
              { value: 'all', label: t('centerUsers.status.all') },
              { value: 'active', label: t('centerUsers.status.activePlural') },
              { value: 'inactive', label: t('centerUsers.status.inactivePlural') },
            ]}
            data-testid="users-status"
          />
        </Group>
        {manages && (
          <Group gap="sm">
            <Button variant="default" onClick={() => setImporting(true)} data-testid="users-import">
              {t('centerUsers.import.button')}
            </Button>
            <Button leftSection={<PlusIcon />} onClick={() => setEditing(null)} data-testid="user-new">
              {t('centerUsers.new')}
            </Button>
          </Group>
        )}
      </Group>
      <QueryBody query={query}>
        {(page) => {
          if (page.data.length === 0) return <Text c="dimmed">{t('centerUsers.empty')}</Text>;
          return (
            <>
              <UsersTable
                users={page.data}
                view={view}
                onSort={(sort, direction) => change({ sort, direction })}
                onOpen={setOpened}
                actions={
                  manages
                    ? {
                        onEdit: setEditing,
                        onResetPassword: (user) => setPending({ user, action: 'reset' }),
                        onResetLink: (user) => setPending({ user, action: 'link' }),
                        onSetActive: (user) => setPending({ user, action: 'active' }),
                      }
                    : undefined
                }
              />
              <CenterPager
                total={page.total}
                pageSize={USER_PAGE}
                page={view.page}
                onChange={(value) => setView((current) => ({ ...current, page: value }))}
              />
            </>
          );
        }}
      </QueryBody>
      <UserFormModal editing={editing} onClose={() => setEditing(undefined)} onCreated={handleCreated} />
      <ActionConfirm pending={pending} onClose={() => setPending(null)} onReset={setShown} onLink={setLink} />
      <TemporaryPasswordModal shown={shown} onClose={() => setShown(null)} />
      <ResetLinkModal shown={link} onClose={() => setLink(null)} />
      <UserDetailModal user={opened} onClose={() => setOpened(null)} />
      {manages && <ImportUsersModal opened={importing} onClose={() => setImporting(false)} />}
    </Stack>
  );
}

export function CenterUsersPage() {
  const { t } = useTranslation();
  const reads = useAbility('users.read');
  const manages = useAbility('users.manage');
  const monitors = useAbility('pauses.monitor');
  return (
    <Stack gap="lg">
      {monitors && <PausedNowPanel />}
      <CenterSection
        title={t('center.usersTitle')}
        description={t(manages ? 'centerUsers.subtitle' : 'center.usersReadOnly')}
      >
        {reads ? (
          <CompanyUsers manages={manages} />
        ) : (
          <Alert color="yellow" variant="light" role="alert">
            {t('centerUsers.noAccess')}
          </Alert>
        )}
      </CenterSection>
    </Stack>
  );
}
