// open.page: this tab is not the active one; "Usar Aqui" makes it active and sends the other tab here.
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { TabsIcon } from '../../components/Icons.tsx';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { takeOverTab } from './tab-lock.ts';

export function OpenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [taking, setTaking] = useState(false);

  const handleUseHere = async () => {
    setTaking(true);
    try {
      if (await takeOverTab()) await navigate(pathTo('panel.index'), { replace: true });
    } finally {
      setTaking(false);
    }
  };

  return (
    <Center mih="100dvh" p="md">
      <Stack w="100%" maw={460} gap="lg">
        <Center>
          <BrandLogo h={40} />
        </Center>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={56} radius="xl" variant="light">
              <TabsIcon size={28} />
            </ThemeIcon>
            <Title order={1} size="h3">
              {t('openPage.title')}
            </Title>
            <Text c="dimmed">{t('openPage.body')}</Text>
            <Button size="md" onClick={() => void handleUseHere()} loading={taking}>
              {t('openPage.useHere')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
