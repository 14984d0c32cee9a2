// The Center's company settings (/center/company, "Empresa"): time zone, currency and language the console
// starts from; business hours and holidays (the widget's offline notice, the service level's clock); the
// service-level threshold; the broadcast maximum; how long messages and files are kept (a change shows what it
// would remove now and asks to confirm); and what the company calls critical. Supervisors read, administrators
// change (ability company.configure).
import {
  BROADCAST_MAX,
  CURRENCIES,
  LANGUAGES,
  RETENTION_MONTHS,
  SERVICE_LEVEL_SECONDS,
  type CompanySettings,
  type RetentionPreview,
} from '@atende/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { holds } from '../../../lib/abilities.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDuration, listTimeZones } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toLanguageTag } from '../../../lib/language.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { reloadSessionResources } from '../../branding/resources-store.ts';
import { CenterSection } from '../CenterSection.tsx';
import { BusinessHoursFields, HolidaysFields } from './BusinessHoursFields.tsx';
import { companySettingsQuery, previewRetention, saveCompanySettings } from './company-api.ts';
import { CriticalRuleSection } from './CriticalRuleSection.tsx';

/** Only what changed is sent: the audit log then names exactly what the administrator changed. */
const changesOf = (saved: CompanySettings, form: CompanySettings) =>
  Object.fromEntries(
    (Object.keys(form) as (keyof CompanySettings)[])
      .filter((field) => JSON.stringify(saved[field]) !== JSON.stringify(form[field]))
      .map((field) => [field, form[field]]),
  ) as Partial<CompanySettings>;

function useByteFormat() {
  const { language } = useTranslation();
  return (bytes: number) => {
    const [unit, size] =
      bytes >= 1e9
        ? (['gigabyte', bytes / 1e9] as const)
        : bytes >= 1e6
          ? (['megabyte', bytes / 1e6] as const)
          : (['kilobyte', bytes / 1e3] as const);
    return new Intl.NumberFormat(toLanguageTag(language), {
      style: 'unit',
      unit,
      maximumFractionDigits: 1,
    }).format(size);
  };
}

function CompanySettingsForm({ saved, editable }: { saved: CompanySettings; editable: boolean }) {
  const { t, language } = useTranslation();
  const client = useQueryClient();
  const bytes = useByteFormat();
  const timeZones = useMemo(listTimeZones, []);
  const [form, setForm] = useState(saved);
  const [confirming, setConfirming] = useState<RetentionPreview | null>(null);
  useEffect(() => setForm(saved), [saved]);
  const set = <K extends keyof CompanySettings>(field: K, value: CompanySettings[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    mutationFn: () => saveCompanySettings(changesOf(saved, form)),
    onSuccess: async (data) => {
      setConfirming(null);
      client.setQueryData(companySettingsQuery.queryKey, data);
      notifySuccess(t('centerCompany.saved'));
      // The console's time zone, currency and language defaults come with the resources.
      await reloadSessionResources();
    },
  });
  const preview = useMutation({ mutationFn: previewRetention, onSuccess: setConfirming });
  const changes = changesOf(saved, form);
  const dirty = Object.keys(changes).length > 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Shortening the retention (or starting one) purges at the next daily run: show what would go, then ask.
    if (changes.retention_months) preview.mutate(changes.retention_months);
    else save.mutate();
  };
  const failure = save.error ?? preview.error;

  return (
    <form onSubmit={handleSubmit} data-testid="company-settings-form">
      <Stack gap="lg">
        <CenterSection
          title={t('centerCompany.general.title')}
          description={t('centerCompany.general.description')}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} maw={820}>
            <Select
              label={t('centerCompany.general.timezone')}
              data={timeZones}
              searchable
              allowDeselect={false}
              value={form.timezone}
              disabled={!editable}
              onChange={(value) => value && set('timezone', value)}
            />
            <Select
              label={t('centerCompany.general.currency')}
              data={CURRENCIES.map((code) => ({ value: code, label: code }))}
              allowDeselect={false}
              value={form.currency}
              disabled={!editable}
              onChange={(value) => value && set('currency', value as CompanySettings['currency'])}
            />
            <Select
              label={t('centerCompany.general.language')}
              data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
              allowDeselect={false}
              value={form.language}
              disabled={!editable}
              onChange={(value) => value && set('language', value as CompanySettings['language'])}
            />
          </SimpleGrid>
        </CenterSection>

        <CenterSection
          title={t('centerCompany.hours.title')}
          description={t('centerCompany.hours.description')}
        >
          <Stack gap="lg">
            <BusinessHoursFields
              value={form.business_hours}
              editable={editable}
              onChange={(value) => set('business_hours', value)}
            />
            <HolidaysFields
              value={form.holidays}
              editable={editable}
              onChange={(value) => set('holidays', value)}
            />
          </Stack>
        </CenterSection>

        <CenterSection
          title={t('centerCompany.limits.title')}
          description={t('centerCompany.limits.description')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} maw={620}>
            <NumberInput
              label={t('centerCompany.limits.serviceLevel')}
              description={formatDuration(form.service_level_seconds, language)}
              min={SERVICE_LEVEL_SECONDS.min}
              max={SERVICE_LEVEL_SECONDS.max}
              allowDecimal={false}
              value={form.service_level_seconds}
              disabled={!editable}
              onChange={(value) => set('service_level_seconds', Number(value) || 0)}
            />
            <NumberInput
              label={t('centerCompany.limits.broadcastMax')}
              description={t('centerCompany.limits.broadcastMaxHint')}
              min={BROADCAST_MAX.min}
              max={BROADCAST_MAX.max}
              allowDecimal={false}
              value={form.broadcast_max}
              disabled={!editable}
              onChange={(value) => set('broadcast_max', Number(value) || 0)}
            />
          </SimpleGrid>
        </CenterSection>

        <CenterSection
          title={t('centerCompany.retention.title')}
          description={t('centerCompany.retention.description')}
        >
          <Group gap="md" align="flex-end">
            <Switch
              label={t('centerCompany.retention.enabled')}
              checked={form.retention_months !== null}
              disabled={!editable}
              onChange={(event) => set('retention_months', event.currentTarget.checked ? 24 : null)}
            />
            {form.retention_months !== null && (
              <NumberInput
                w={160}
                label={t('centerCompany.retention.months')}
                min={RETENTION_MONTHS.min}
                max={RETENTION_MONTHS.max}
                allowDecimal={false}
                value={form.retention_months}
                disabled={!editable}
                onChange={(value) => set('retention_months', Number(value) || 0)}
              />
            )}
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            {form.retention_months === null
              ? t('centerCompany.retention.forever')
              : t('centerCompany.retention.summary', { count: form.retention_months })}
          </Text>
        </CenterSection>

        <CenterSection
          title={t('centerCompany.csat.title')}
          description={t('centerCompany.csat.description')}
        >
          <Switch
            label={t('centerCompany.csat.enabled')}
            checked={form.csat_enabled}
            disabled={!editable}
            onChange={(event) => set('csat_enabled', event.currentTarget.checked)}
          />
        </CenterSection>

        {failure && (
          <Alert color="red" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        {editable && (
          <Group>
            <Button type="submit" disabled={!dirty} loading={save.isPending || preview.isPending}>
              {t('centerCompany.save')}
            </Button>
            {dirty && (
              <Button variant="subtle" onClick={() => setForm(saved)}>
                {t('centerCompany.discard')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('centerCompany.retention.confirmTitle')}
        centered
      >
        {confirming && (
          <Stack gap="md" data-testid="retention-confirm">
            <Text size="sm">
              {confirming.messages === 0
                ? t('centerCompany.retention.confirmNothing', { count: confirming.months })
                : t('centerCompany.retention.confirmBody', {
                    months: confirming.months,
                    messages: confirming.messages,
                    files: confirming.files,
                    size: bytes(confirming.bytes),
                  })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('centerCompany.retention.confirmHint')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('common.cancel')}
              </Button>
              <Button color="red" loading={save.isPending} onClick={() => save.mutate()}>
                {t('centerCompany.retention.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </form>
  );
}

export function CompanySettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const reads = user !== null && holds(user, 'company.read');
  // Whoever may not read them is told so without a call.
  const settings = useQuery({ ...companySettingsQuery, enabled: reads });
  if (!user) return null;
  if (!holds(user, 'company.read')) {
    return (
      <Alert color="yellow" variant="light" title={t('centerCompany.deniedTitle')} role="alert">
        {t('centerCompany.deniedBody')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {!holds(user, 'company.configure') && (
        <Alert color="blue" variant="light">
          {t('centerCompany.readOnly')}
        </Alert>
      )}
      <QueryBody query={settings}>
        {(data) => <CompanySettingsForm saved={data.settings} editable={data.editable} />}
      </QueryBody>
      <CriticalRuleSection editable={holds(user, 'company.configure')} />
    </Stack>
  );
}
