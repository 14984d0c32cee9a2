// The user menu: profile, language, colour scheme, the changelog (with its "what's new" badge, also on the
// avatar), Center (for roles that may use it), version, logout.
import { LANGUAGES, type Language, type User } from '@atende/contract';
import {
  Avatar,
  Badge,
  Box,
  Indicator,
  Group,
  Menu,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import {
  BuildingIcon,
  CheckIcon,
  LanguageIcon,
  LogoutIcon,
  MoonIcon,
  SparklesIcon,
  SunIcon,
  UserIcon,
} from '../../components/Icons.tsx';
import { toLanguageTag } from '../../lib/language.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { holds } from '../../lib/abilities.ts';
import { useUpdateProfile } from '../profile/profile-api.ts';
import { useSignOut } from '../session/use-sign-out.ts';
import { initialsOf } from '../../lib/initials.ts';
import { useChangelogModal } from '../changelog/changelog-modal-store.ts';
import { useChangelogBadge } from '../changelog/use-changelog-badge.ts';

/** Loaded when first opened: the panel's bundle stays within its budget. */
const ChangelogModal = lazy(() =>
  import('../changelog/ChangelogModal.tsx').then((module) => ({ default: module.ChangelogModal })),
);

export function UserMenu({ user }: { user: User }) {
  const { t, language } = useTranslation();
  const { toggleColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const updateProfile = useUpdateProfile();
  const { signingOut, handleSignOut } = useSignOut();
  const changelog = useChangelogBadge();
  const changelogModal = useChangelogModal();

  const handleLanguage = (next: Language) => {
    if (next === language) return;
    // The user's language is an account setting: saved on the server, then applied (spec §1).
    updateProfile.mutate({ language: next }, { onSuccess: () => notifySuccess(t('userMenu.languageSaved')) });
  };

  return (
    <>
      <Menu position="bottom-end" width={250} shadow="md" withinPortal>
        <Menu.Target>
          {/* Named by what it shows, the user's name and role (a separate label would not match what is seen,
            which speech control relies on); the avatar repeats the name, so it is left out of it. */}
          <UnstyledButton data-testid="user-menu">
            <Group gap="xs" wrap="nowrap">
              <Indicator color="red" size={10} offset={4} disabled={changelog.unseen === 0} withBorder>
                <Avatar src={user.avatar} radius="xl" size={36} color="brand" alt="" aria-hidden>
                  {initialsOf(user.name)}
                </Avatar>
              </Indicator>
              <VisuallyHidden hiddenFrom="sm">{user.name}</VisuallyHidden>
              <Box visibleFrom="sm" lh={1.2}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {t(`roles.${user.role}`)}
                </Text>
              </Box>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {user.name} · {user.company.name}
          </Menu.Label>
          <Menu.Item component={Link} to={pathTo('profile')} leftSection={<UserIcon />}>
            {t('userMenu.profile')}
          </Menu.Item>
          <Menu.Sub position="left-start">
            <Menu.Sub.Target>
              <Menu.Sub.Item leftSection={<LanguageIcon />}>{t('userMenu.language')}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              {LANGUAGES.map((option) => (
                <Menu.Item
                  key={option}
                  onClick={() => handleLanguage(option)}
                  rightSection={option === language ? <CheckIcon /> : null}
                  lang={toLanguageTag(option)}
                >
                  {t(`languages.${option}`)}
                </Menu.Item>
              ))}
            </Menu.Sub.Dropdown>
          </Menu.Sub>
          <Menu.Item leftSection={dark ? <SunIcon /> : <MoonIcon />} onClick={toggleColorScheme}>
            {t(dark ? 'userMenu.lightTheme' : 'userMenu.darkTheme')}
          </Menu.Item>
          {changelog.visible && (
            <Menu.Item
              leftSection={<SparklesIcon />}
              onClick={changelogModal.open}
              rightSection={
                changelog.unseen > 0 ? (
                  <Badge size="xs" color="red" data-testid="user-menu-changelog-badge">
                    {t('userMenu.changelogNew', { count: changelog.unseen })}
                  </Badge>
                ) : null
              }
              data-testid="user-menu-changelog"
            >
              {t('userMenu.changelog')}
            </Menu.Item>
          )}
          {holds(user, 'center.open') && (
            <Menu.Item component={Link} to={pathTo('center')} leftSection={<BuildingIcon />}>
              {t('userMenu.center')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item c="red" leftSection={<LogoutIcon />} onClick={handleSignOut} disabled={signingOut}>
            {t('userMenu.logout')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t('userMenu.version', { version: __APP_VERSION__ })}</Menu.Label>
        </Menu.Dropdown>
      </Menu>
      {/* Outside the menu, whose dropdown unmounts when it closes; the sidebar's entry opens it too. */}
      {changelogModal.opened && (
        <Suspense fallback={null}>
          <ChangelogModal opened onClose={changelogModal.close} />
        </Suspense>
      )}
    </>
  );
}
