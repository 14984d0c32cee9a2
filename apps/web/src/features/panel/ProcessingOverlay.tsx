// The processing overlay of spec §2: covers the console until the initial data has loaded.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { BrandLogo } from '../branding/BrandLogo.tsx';

export function ProcessingOverlay() {
  const { t } = useTranslation();
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 300 }}
      role="status"
      aria-live="polite"
      data-testid="processing-overlay"
    >
      <Stack align="center" gap="lg">
        <BrandLogo variant="monochrome" h={40} />
        <Loader />
        <Text c="dimmed">{t('panel.loading')}</Text>
      </Stack>
    </Center>
  );
}
