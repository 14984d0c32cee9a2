// Center › Produto (/center/product): administration of the product itself, for super administrators only
// (ability product.manage): the companies with their usage, and product-wide settings. Everyone else is told so
// without a call.
import { Alert, Stack } from '@mantine/core';
import { holds } from '../../../lib/abilities.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { CompaniesSection } from './CompaniesSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';

export function ProductPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!holds(user, 'product.manage')) {
    return (
      <Alert color="yellow" variant="light" title={t('product.onlyTitle')} role="alert">
        {t('product.onlyBody')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <CompaniesSection />
      <SettingsSection />
    </Stack>
  );
}
