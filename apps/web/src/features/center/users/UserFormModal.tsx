// Creating or editing a user: name, username, e-mail, role, language, time zone, segments, teams, the permission
// flags (each with its role's default and whether it is set apart), and for a new user an invitation or a
// chosen password. Problems show on their field (found here, or refused by the server).
import {
  ASSIGNABLE_ROLES,
  defaultPermissions,
  LANGUAGES,
  PERMISSIONS,
  type AssignableRole,
  type CenterUser,
  type CreatedUser,
} from '@atende/contract';
import {
  Badge,
  Fieldset,
  Group,
  MultiSelect,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../../components/FormModal.tsx';
import { walletsQuery } from '../../../lib/catalogues.ts';
import { teamChoicesQuery } from '../../../lib/teams.ts';
import { listTimeZones } from '../../../lib/format.ts';
import { HttpError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { isLanguage } from '../../../lib/language.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import type { Problems } from '../channels/field-rules.ts';
import { serverProblemsOf, type ServerProblems } from '../channels/use-account-form.ts';
import { createUser, updateUser, usersKey } from './users-api.ts';
import {
  checkUser,
  createInput,
  flagValue,
  updateInput,
  userForm,
  withFlag,
  withRole,
  type UserField,
  type UserForm,
} from './user-form.ts';

const AUTOMATIC = 'automatic';
const NO_PROBLEMS: ServerProblems = { fields: {}, general: null };
/** Refusals that belong to one field. */
const FIELD_OF: Record<string, UserField> = {
  username_taken: 'username',
  invalid_timezone: 'timezone',
  segment_not_found: 'segment_ids',
  team_not_found: 'team_ids',
  last_admin: 'role',
};

const refusalOf = (error: unknown, form: UserForm): ServerProblems => {
  const field = error instanceof HttpError && error.code ? FIELD_OF[error.code] : undefined;
  if (field && error instanceof HttpError)
    return { fields: { [field]: error.serverMessage ?? undefined }, general: null };
  return serverProblemsOf(error, form);
};

function FlagsSection({ form, onChange }: { form: UserForm; onChange: (next: UserForm) => void }) {
  const { t } = useTranslation();
  const defaults = defaultPermissions(form.role);
  return (
    <Fieldset legend={t('centerUsers.flags.title')} data-testid="user-flags">
      <Stack gap="sm">
        {PERMISSIONS.map((flag) => {
          const overridden = form.overrides[flag] !== undefined;
          return (
            <Group key={flag} justify="space-between" wrap="nowrap" gap="sm">
              <Switch
                label={t(`centerUsers.flags.${flag}`)}
                description={t('centerUsers.flags.roleDefault', {
                  role: t(`roles.${form.role}`),
                  value: t(defaults[flag] ? 'centerUsers.yes' : 'centerUsers.no'),
                })}
                checked={flagValue(form, flag)}
                onChange={(event) => onChange(withFlag(form, flag, event.currentTarget.checked))}
                data-testid={`user-flag-${flag}`}
              />
              {overridden && (
                <Badge size="sm" variant="light" color="orange" data-testid={`user-flag-${flag}-overridden`}>
                  {t('centerUsers.flags.overridden')}
                </Badge>
              )}
            </Group>
          );
        })}
      </Stack>
    </Fieldset>
  );
}

function UserFormBody({
  user,
  onClose,
  onCreated,
}: {
  user: CenterUser | null;
  onClose: () => void;
  onCreated: (created: CreatedUser) => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const timeZones = useMemo(listTimeZones, []);
  const segments = useQuery(walletsQuery);
  const teams = useQuery(teamChoicesQuery);
  const [form, setForm] = useState(() => userForm(user, me?.timezone ?? 'America/Sao_Paulo'));
  const [problems, setProblems] = useState<Problems<UserField>>({});
  const [server, setServer] = useState<ServerProblems>(NO_PROBLEMS);
  const creating = user === null;
  const save = useMutation({
    mutationFn: async () => {
      if (user) {
        await updateUser(user.id, updateInput(form));
        return null;
      }
      return createUser(createInput(form));
    },
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: usersKey });
      notifySuccess(t('centerUsers.saved'));
      onClose();
      if (created) onCreated(created);
    },
    onError: (error) => setServer(refusalOf(error, form)),
  });

  const set = <K extends UserField>(field: K, value: UserForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
    setServer((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const errorOf = (field: UserField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.values) : server.fields[field];
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkUser(form, creating);
    setProblems(found);
    setServer(NO_PROBLEMS);
    if (Object.keys(found).length === 0) save.mutate();
  }

  const segmentOptions = [
    ...(segments.data?.data ?? []),
    // A segment archived since keeps showing on the user it was given to.
    ...(user?.segments ?? []).filter(
      (given) => !(segments.data?.data ?? []).some((offered) => offered.id === given.id),
    ),
  ].map((segment) => ({ value: segment.id, label: segment.name }));
  // The company's current teams; one archived since keeps showing on the user who belongs to it.
  const teamOptions = [
    ...(teams.data?.data ?? []).filter((team) => team.archived_at === null),
    ...(user?.teams ?? []).filter((given) =>
      (teams.data?.data ?? []).some((team) => team.id === given.id && team.archived_at !== null),
    ),
  ].map((team) => ({ value: team.id, label: team.name }));

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={server.general}
      submitLabel={t(creating ? 'centerUsers.create' : 'centerUsers.save')}
      busy={save.isPending}
      onCancel={onClose}
      submitTestId="user-save"
      testId="user-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('centerUsers.fields.name')}
          value={form.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errorOf('name')}
          required
          data-autofocus
          data-testid="user-name"
        />
        <TextInput
          label={t('centerUsers.fields.username')}
          value={form.username}
          onChange={(event) => set('username', event.currentTarget.value)}
          error={errorOf('username')}
          required
          autoComplete="off"
          data-testid="user-username"
        />
        <TextInput
          label={t('centerUsers.fields.email')}
          type="email"
          value={form.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={errorOf('email')}
          data-testid="user-email"
        />
        <Select
          label={t('centerUsers.fields.role')}
          data={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          value={form.role}
          onChange={(value) => {
            if (!value) return;
            setForm((current) => withRole(current, value as AssignableRole));
            setServer((current) => ({ ...current, fields: { ...current.fields, role: undefined } }));
          }}
          error={errorOf('role')}
          allowDeselect={false}
          data-testid="user-role"
        />
        <Select
          label={t('centerUsers.fields.language')}
          data={[
            { value: AUTOMATIC, label: t('profile.languageAutomatic') },
            ...LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) })),
          ]}
          value={form.language ?? AUTOMATIC}
          onChange={(value) => set('language', isLanguage(value) ? value : null)}
          error={errorOf('language')}
          allowDeselect={false}
          data-testid="user-language"
        />
        <Select
          label={t('centerUsers.fields.timezone')}
          data={timeZones}
          value={form.timezone}
          onChange={(value) => value && set('timezone', value)}
          error={errorOf('timezone')}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('profile.timezoneNotFound')}
          data-testid="user-timezone"
        />
      </SimpleGrid>
      <MultiSelect
        label={t('centerUsers.fields.segments')}
        description={t('centerUsers.fields.segmentsHint')}
        data={segmentOptions}
        value={form.segment_ids}
        onChange={(value) => set('segment_ids', value)}
        error={errorOf('segment_ids')}
        searchable
        clearable
        nothingFoundMessage={t('centerUsers.fields.noSegments')}
        data-testid="user-segments"
      />
      <MultiSelect
        label={t('centerUsers.fields.teams')}
        description={t('centerUsers.fields.teamsHint')}
        data={teamOptions}
        value={form.team_ids}
        onChange={(value) => set('team_ids', value)}
        error={errorOf('team_ids')}
        searchable
        clearable
        nothingFoundMessage={t('centerUsers.fields.noTeams')}
        data-testid="user-teams"
      />
      {creating && (
        <Stack gap="xs">
          <Text size="sm" fw={500} id="user-access-label">
            {t('centerUsers.access.label')}
          </Text>
          <SegmentedControl
            aria-labelledby="user-access-label"
            value={form.access}
            onChange={(value) => setForm((current) => ({ ...current, access: value as UserForm['access'] }))}
            data={[
              { value: 'invite', label: t('centerUsers.access.invite') },
              { value: 'password', label: t('centerUsers.access.password') },
            ]}
            data-testid="user-access"
          />
          <Text size="xs" c="dimmed">
            {t(
              form.access === 'invite' ? 'centerUsers.access.inviteHint' : 'centerUsers.access.passwordHint',
            )}
          </Text>
          {form.access === 'password' && (
            <PasswordInput
              label={t('centerUsers.fields.password')}
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => set('password', event.currentTarget.value)}
              error={errorOf('password')}
              data-testid="user-password"
            />
          )}
        </Stack>
      )}
      <FlagsSection form={form} onChange={setForm} />
    </ModalForm>
  );
}

export function UserFormModal({
  editing,
  onClose,
  onCreated,
}: {
  /** The user to edit, null for a new one; undefined while closed. */
  editing: CenterUser | null | undefined;
  onClose: () => void;
  onCreated: (created: CreatedUser) => void;
}) {
  const { t } = useTranslation();
  const title = editing ? t('centerUsers.editTitle', { name: editing.name }) : t('centerUsers.newTitle');
  return (
    <FormModal opened={editing !== undefined} onClose={onClose} title={title} size="lg">
      {editing !== undefined && (
        <UserFormBody key={editing?.id ?? 'new'} user={editing} onClose={onClose} onCreated={onCreated} />
      )}
    </FormModal>
  );
}
