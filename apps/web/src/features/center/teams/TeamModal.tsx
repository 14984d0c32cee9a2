// Creating or editing a team: its name, supervisors (administrators only choose them), members among the
// company's active users, and the segments routed to it. Problems show on their field (found here, or refused
// by the server: a taken name, a user or segment that is no longer there).
import { ROLES, type Team } from '@atende/contract';
import { MultiSelect, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { holds } from '../../../lib/abilities.ts';
import { responsiblesQuery, walletsQuery } from '../../../lib/catalogues.ts';
import { HttpError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { TEAMS_KEY } from '../../../lib/teams.ts';
import type { Problems } from '../channels/field-rules.ts';
import { serverProblemsOf, type ServerProblems } from '../channels/use-account-form.ts';
import { checkTeam, teamForm, teamInput, type TeamField, type TeamForm } from './team-form.ts';
import { createTeam, updateTeam } from './teams-api.ts';

/** What the modal edits: a new team (team null), or an existing one. */
export type TeamEditing = { team: Team | null };

const NO_PROBLEMS: ServerProblems = { fields: {}, general: null };
const SUPERVISING: readonly string[] = ROLES.filter((role) => role !== 'attendant');

/** Refusals that belong to a field: a taken name, an unknown user or segment, a supervisor's role. */
const FIELD_OF: Record<string, TeamField> = {
  team_name_taken: 'name',
  team_supervisor_role: 'supervisor_ids',
  team_user_unknown: 'member_ids',
  team_segment_unknown: 'segment_ids',
};
const refusalOf = (error: unknown, form: TeamForm): ServerProblems => {
  const field = error instanceof HttpError && error.code ? FIELD_OF[error.code] : undefined;
  return field && error instanceof HttpError
    ? { fields: { [field]: error.serverMessage ?? undefined }, general: null }
    : serverProblemsOf(error, form);
};

/** Choices of a select: what the company offers, plus what the team already has (an archived segment...). */
const choices = (offered: { id: string; name: string }[], kept: { id: string; name: string }[]) => {
  const all = new Map(offered.map((item) => [item.id, item.name]));
  for (const item of kept) if (!all.has(item.id)) all.set(item.id, item.name);
  return [...all].map(([value, label]) => ({ value, label }));
};

function TeamFormBody({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const choosesSupervisors = holds(user, 'teams.manage');
  const people = useQuery(responsiblesQuery).data?.data ?? [];
  const segments = useQuery(walletsQuery).data?.data ?? [];
  const [form, setForm] = useState(() => teamForm(team));
  const [problems, setProblems] = useState<Problems<TeamField>>({});
  const [server, setServer] = useState<ServerProblems>(NO_PROBLEMS);
  const save = useMutation({
    mutationFn: () => (team ? updateTeam(team.id, teamInput(form)) : createTeam(teamInput(form))),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
      notifySuccess(t('centerTeams.saved'));
      onClose();
    },
    onError: (error) => setServer(refusalOf(error, form)),
  });

  const set = <K extends TeamField>(field: K, value: TeamForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    setServer((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const errorOf = (field: TeamField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.values) : server.fields[field];
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkTeam(form);
    setProblems(found);
    setServer(NO_PROBLEMS);
    if (Object.keys(found).length === 0) save.mutate();
  }

  const current = [...(team?.supervisors ?? []), ...(team?.members ?? [])];
  const supervisorChoices = choices(
    people.filter((person) => SUPERVISING.includes(person.role)),
    team?.supervisors ?? [],
  );
  const memberChoices = choices(people, current).filter(
    (choice) => !form.supervisor_ids.includes(choice.value),
  );

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={server.general}
      submitLabel={t('centerTeams.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="team-save"
      testId="team-form"
    >
      <TextInput
        label={t('centerTeams.fields.name')}
        value={form.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errorOf('name')}
        data-autofocus
        data-testid="team-name"
      />
      <MultiSelect
        label={t('centerTeams.fields.supervisors')}
        description={choosesSupervisors ? undefined : t('centerTeams.fields.supervisorsAdminOnly')}
        data={supervisorChoices}
        value={form.supervisor_ids}
        onChange={(value) => set('supervisor_ids', value)}
        disabled={!choosesSupervisors}
        error={errorOf('supervisor_ids')}
        searchable
        clearable
        data-testid="team-supervisors"
      />
      <MultiSelect
        label={t('centerTeams.fields.members')}
        data={memberChoices}
        value={form.member_ids.filter((id) => !form.supervisor_ids.includes(id))}
        onChange={(value) => set('member_ids', value)}
        error={errorOf('member_ids')}
        searchable
        clearable
        data-testid="team-members"
      />
      <MultiSelect
        label={t('centerTeams.fields.segments')}
        description={t('centerTeams.fields.segmentsHint')}
        data={choices(segments, team?.segments ?? [])}
        value={form.segment_ids}
        onChange={(value) => set('segment_ids', value)}
        error={errorOf('segment_ids')}
        searchable
        clearable
        data-testid="team-segments"
      />
    </ModalForm>
  );
}

export function TeamModal({ editing, onClose }: { editing: TeamEditing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const title = editing?.team
    ? t('centerTeams.editTitle', { name: editing.team.name })
    : t('centerTeams.newTitle');
  return (
    <FormModal opened={editing !== null} onClose={onClose} title={title} size="lg">
      {editing && <TeamFormBody key={editing.team?.id ?? 'new'} team={editing.team} onClose={onClose} />}
    </FormModal>
  );
}
