// The Center (administration area): its header, the navigation between its sections and the open section,
// for the roles that may use it; everyone else is told plainly that it is not for their role.
import type { User } from '@atende/contract';
import { Alert, Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { ArrowLeftIcon, LogoutIcon } from '../../components/Icons.tsx';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { ProcessingOverlay } from '../panel/ProcessingOverlay.tsx';
import { useCurrentUser } from '../../lib/session-store.ts';
import { useFreshAvatar } from '../session/use-fresh-avatar.ts';
import { useSignOut } from '../session/use-sign-out.ts';
import { holds } from '../../lib/abilities.ts';
import { CenterNav } from './CenterNav.tsx';

function CenterContent({ user }: { user: User }) {
  const { t } = useTranslation();
  if (!holds(user, 'center.open')) {
    return (
      <Alert color="yellow" variant="light" title={t('center.noAccessTitle')} role="alert">
        {t('center.noAccessBody')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <CenterNav />
      <Outlet />
    </Stack>
  );
}

export function CenterLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { signingOut, handleSignOut } = useSignOut();
  useFreshAvatar(user?.avatar);
  if (!user) return <ProcessingOverlay />;

  return (
    <Box mih="100dvh">
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <BrandLogo h={28} />
              <Badge variant="light" size="lg">
                {t('center.badge')}
              </Badge>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button
                component={Link}
                to={pathTo('panel.index')}
                variant="subtle"
                leftSection={<ArrowLeftIcon />}
                visibleFrom="xs"
              >
                {t('center.backToLive')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<LogoutIcon />}
                onClick={handleSignOut}
                loading={signingOut}
              >
                {t('nav.logout')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="lg">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('center.title', { company: user.company.name })}
            </Title>
            <Text c="dimmed">{t('center.subtitle', { name: user.name })}</Text>
          </div>
          <CenterContent user={user} />
          <Button component={Link} to={pathTo('panel.index')} variant="light" hiddenFrom="xs">
            {t('center.backToLive')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
