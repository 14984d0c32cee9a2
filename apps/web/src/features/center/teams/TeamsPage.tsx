// The Center's teams section (/center/teams): a searchable, sortable, paged table of teams with archived ones
// on demand. Administrators create, edit and (un)archive every team; a supervisor sees and edits the teams
// they supervise; anyone else is told so without a call. Every change reaches the open consoles through the
// server's team.changed (their "only my segments" and waiting queue depend on teams).
import type { Team, TeamSort } from '@atende/contract';
import { Alert, Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { PlusIcon } from '../../../components/Icons.tsx';
import { CenterPager, CenterSearch } from '../CenterListControls.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { holds } from '../../../lib/abilities.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { TEAMS_KEY } from '../../../lib/teams.ts';
import { CenterSection } from '../CenterSection.tsx';
import { TeamModal, type TeamEditing } from './TeamModal.tsx';
import { TEAM_PAGE, teamPageQuery, setTeamArchived, type TeamView } from './teams-api.ts';
import { TeamsTable } from './TeamsTable.tsx';

const FIRST_VIEW: TeamView = { search: '', sort: 'name', direction: 'asc', archived: false, page: 0 };

function ArchiveConfirm({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const archiving = team?.archived_at === null;
  const toggle = useMutation({
    mutationFn: (target: Team) => setTeamArchived(target.id, target.archived_at === null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
      onClose();
    },
  });
  const handleClose = () => {
    toggle.reset();
    onClose();
  };
  const name = team?.name ?? '';
  return (
    <ConfirmModal
      opened={team !== null}
      title={t(archiving ? 'centerTeams.confirmArchive.title' : 'centerTeams.confirmUnarchive.title', {
        name,
      })}
      confirmLabel={t(archiving ? 'centerTeams.archive' : 'centerTeams.unarchive')}
      busy={toggle.isPending}
      error={toggle.isError ? errorText(toggle.error) : null}
      onConfirm={() => team && toggle.mutate(team)}
      onClose={handleClose}
      testId="team-confirm"
    >
      <Text size="sm">
        {t(archiving ? 'centerTeams.confirmArchive.body' : 'centerTeams.confirmUnarchive.body')}
      </Text>
    </ConfirmModal>
  );
}

function Teams({ manages }: { manages: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useState<TeamView>(FIRST_VIEW);
  const [editing, setEditing] = useState<TeamEditing | null>(null);
  const [archiving, setArchiving] = useState<Team | null>(null);
  const query = useQuery(teamPageQuery(view));
  const change = (patch: Partial<TeamView>) => setView((current) => ({ ...current, page: 0, ...patch }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <CenterSearch
            label={t('centerTeams.search')}
            value={view.search}
            onChange={(search) => change({ search })}
            testId="team-search"
          />
          <SegmentedControl
            aria-label={t('centerTeams.sort.label')}
            value={`${view.sort}:${view.direction}`}
            onChange={(value) => {
              const [sort, direction] = value.split(':') as [TeamSort, 'asc' | 'desc'];
              change({ sort, direction });
            }}
            data={[
              { value: 'name:asc', label: t('centerTeams.sort.nameAsc') },
              { value: 'name:desc', label: t('centerTeams.sort.nameDesc') },
              { value: 'created_at:desc', label: t('centerTeams.sort.newest') },
            ]}
            data-testid="team-sort"
          />
          <Switch
            label={t('centerTeams.showArchived')}
            checked={view.archived}
            onChange={(event) => change({ archived: event.currentTarget.checked })}
            data-testid="team-show-archived"
          />
        </Group>
        {manages && (
          <Button
            leftSection={<PlusIcon />}
            onClick={() => setEditing({ team: null })}
            data-testid="team-new"
          >
            {t('centerTeams.new')}
          </Button>
        )}
      </Group>
      <QueryBody query={query}>
        {(page) => {
          if (page.data.length === 0) {
            return <Text c="dimmed">{t(manages ? 'centerTeams.empty' : 'centerTeams.emptySupervisor')}</Text>;
          }
          return (
            <>
              <TeamsTable
                teams={page.data}
                onEdit={(team) => setEditing({ team })}
                onArchive={manages ? setArchiving : undefined}
              />
              <CenterPager
                total={page.total}
                pageSize={TEAM_PAGE}
                page={view.page}
                onChange={(value) => setView((current) => ({ ...current, page: value }))}
              />
            </>
          );
        }}
      </QueryBody>
      <TeamModal editing={editing} onClose={() => setEditing(null)} />
      <ArchiveConfirm team={archiving} onClose={() => setArchiving(null)} />
    </Stack>
  );
}

export function TeamsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  if (!holds(user, 'teams.read')) {
    return (
      <Alert color="yellow" variant="light" title={t('centerTeams.noAccessTitle')} role="alert">
        {t('centerTeams.noAccessBody')}
      </Alert>
    );
  }
  const manages = holds(user, 'teams.manage');
  return (
    <CenterSection
      title={t('centerTeams.title')}
      description={t(manages ? 'centerTeams.subtitle' : 'centerTeams.subtitleSupervisor')}
    >
      <Teams manages={manages} />
    </CenterSection>
  );
}
