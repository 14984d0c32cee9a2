// profile (/painel/meu-perfil): the user's own data, language, timezone, sound, password and photo.
import { LANGUAGES, type User } from '@atende/contract';
import { Avatar, Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { listTimeZones } from '../../lib/format.ts';
import { isLanguage } from '../../lib/language.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { initialsOf } from '../../lib/initials.ts';
import { AvatarCropModal } from './AvatarCropModal.tsx';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { useDeleteAvatar, useUpdateProfile, type ProfileChanges } from './profile-api.ts';

/** The select's value for "follow the language of the address" (the user's language is null). */
const AUTOMATIC = 'automatic';

interface ProfileFormProps {
  user: User;
}

function ProfileForm({ user }: ProfileFormProps) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const timeZones = useMemo(listTimeZones, []);
  const [values, setValues] = useState({
    name: user.name,
    email: user.email ?? '',
    instagram: user.instagram ?? '',
    timezone: user.timezone,
    language: user.language,
    sound_notification: user.sound_notification,
  });
  const [nameError, setNameError] = useState<string | null>(null);

  const handleText =
    (field: 'name' | 'email' | 'instagram') => (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      if (field === 'name') setNameError(null);
    };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setNameError(t('profile.nameRequired'));
      return;
    }
    const changes: ProfileChanges = { ...values, name: values.name.trim() };
    updateProfile.mutate(changes, { onSuccess: () => notifySuccess(t('profile.saved')) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('profile.name')}
          value={values.name}
          onChange={handleText('name')}
          error={nameError}
          autoComplete="name"
          required
        />
        <TextInput
          label={t('profile.email')}
          type="email"
          value={values.email}
          onChange={handleText('email')}
          autoComplete="email"
        />
        <TextInput
          label={t('profile.instagram')}
          value={values.instagram}
          onChange={handleText('instagram')}
          leftSection="@"
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('profile.language')}
            data={[
              { value: AUTOMATIC, label: t('profile.languageAutomatic') },
              ...LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) })),
            ]}
            value={values.language ?? AUTOMATIC}
            onChange={(value) => {
              const language = isLanguage(value) ? value : null;
              setValues((current) => ({ ...current, language }));
            }}
            allowDeselect={false}
            miw={200}
          />
          <Select
            label={t('profile.timezone')}
            data={timeZones}
            value={values.timezone}
            onChange={(value) => {
              if (value) setValues((current) => ({ ...current, timezone: value }));
            }}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('profile.timezoneNotFound')}
            miw={200}
          />
        </Group>
        <Switch
          label={t('profile.soundNotification')}
          description={t('profile.soundNotificationHint')}
          checked={values.sound_notification}
          onChange={(event) => {
            const { checked } = event.currentTarget;
            setValues((current) => ({ ...current, sound_notification: checked }));
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={updateProfile.isPending}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const deleteAvatar = useDeleteAvatar();
  const [passwordOpened, setPasswordOpened] = useState(false);
  const [photoOpened, setPhotoOpened] = useState(false);
  if (!user) return null;

  const handleRemovePhoto = () =>
    deleteAvatar.mutate(undefined, { onSuccess: () => notifySuccess(t('profile.photoRemoved')) });

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {t('profile.title')}
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap">
            <Avatar src={user.avatar} size={64} radius="xl" color="brand" alt={user.name}>
              {initialsOf(user.name)}
            </Avatar>
            <div>
              <Text fw={600}>{user.name}</Text>
              <Text size="sm" c="dimmed">
                {user.username} · {t(`roles.${user.role}`)} · {user.company.name}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
            <Button variant="light" onClick={() => setPhotoOpened(true)}>
              {t('profile.changePhoto')}
            </Button>
            {user.avatar && (
              <Button
                variant="subtle"
                color="red"
                onClick={handleRemovePhoto}
                loading={deleteAvatar.isPending}
              >
                {t('profile.removePhoto')}
              </Button>
            )}
            <Button variant="light" onClick={() => setPasswordOpened(true)}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Group>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <ProfileForm key={user.id} user={user} />
      </Card>
      <ChangePasswordModal opened={passwordOpened} onClose={() => setPasswordOpened(false)} />
      <AvatarCropModal opened={photoOpened} onClose={() => setPhotoOpened(false)} />
    </Stack>
  );
}
