// The mark of a company phrase (kept by administrators in the Center), wherever phrases are offered.
import { Badge } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';

export function CompanyBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      size="xs"
      variant="light"
      color="grape"
      title={t('phrases.companyHint')}
      style={{ flexShrink: 0 }}
      data-testid="phrase-company"
    >
      {t('phrases.company')}
    </Badge>
  );
}
