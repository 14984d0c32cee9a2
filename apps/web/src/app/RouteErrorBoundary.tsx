// Error boundary of the routes: a failed route chunk (or any render error) offers a reload.
import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-route.ts';

export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;
  if (!chunkFailed) console.error(error);

  const handleReload = () => window.location.reload();

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={440} w="100%" role="alert">
        <Stack gap="md">
          <Text component="h2" fz="h3" fw={700} m={0}>
            {t(chunkFailed ? 'errors.chunkTitle' : 'errors.pageTitle')}
          </Text>
          <Text c="dimmed">{t(chunkFailed ? 'errors.chunkBody' : 'errors.pageBody')}</Text>
          <Button onClick={handleReload}>{t('errors.reload')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
