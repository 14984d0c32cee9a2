// Product-wide settings (Center › Produto): the satisfaction survey's period and the changelog, on or off and
// for which roles. The features that follow them come in later issues; these are only their settings.
import { ROLES, type ProductSettings, type Role } from '@atende/contract';
import { Button, Checkbox, Group, NumberInput, Stack, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../../components/FormError.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { serverProblemsOf, type ServerProblems } from '../channels/use-account-form.ts';
import { CenterSection } from '../CenterSection.tsx';
import { saveSettings, settingsQuery } from './product-api.ts';

type Form = { survey_period_days: number | ''; changelog_enabled: boolean; changelog_roles: Role[] };
const NO_PROBLEMS: ServerProblems = { fields: {}, general: null };

function SettingsForm({ settings }: { settings: ProductSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(settings);
  const [server, setServer] = useState<ServerProblems>(NO_PROBLEMS);
  const save = useMutation({
    mutationFn: () =>
      saveSettings({
        // An emptied field is sent as is: the server names the problem on it.
        survey_period_days: form.survey_period_days as number,
        changelog_enabled: form.changelog_enabled,
        changelog_roles: form.changelog_roles,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQuery.queryKey, saved);
      notifySuccess(t('product.settings.saved'));
    },
    onError: (error) => setServer(serverProblemsOf(error, form)),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServer(NO_PROBLEMS);
    save.mutate();
  };
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="product-settings-form">
      <Stack gap="sm" maw={520}>
        <NumberInput
          label={t('product.settings.surveyPeriod')}
          description={t('product.settings.surveyPeriodHint')}
          value={form.survey_period_days}
          onChange={(value) =>
            setForm((current) => ({ ...current, survey_period_days: typeof value === 'number' ? value : '' }))
          }
          min={1}
          max={365}
          allowDecimal={false}
          error={server.fields.survey_period_days}
          data-testid="product-survey-period"
        />
        <Switch
          label={t('product.settings.changelogEnabled')}
          checked={form.changelog_enabled}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setForm((current) => ({ ...current, changelog_enabled: checked }));
          }}
          data-testid="product-changelog-enabled"
        />
        <Checkbox.Group
          label={t('product.settings.changelogRoles')}
          value={form.changelog_roles}
          onChange={(value) => setForm((current) => ({ ...current, changelog_roles: value as Role[] }))}
          error={server.fields.changelog_roles}
        >
          <Group gap="md" mt={4}>
            {ROLES.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={t(`product.roles.${role}`)}
                disabled={!form.changelog_enabled}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <FormError error={server.general} />
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="product-settings-save">
            {t('product.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SettingsSection() {
  const { t } = useTranslation();
  const query = useQuery(settingsQuery);
  return (
    <CenterSection title={t('product.settings.title')} description={t('product.settings.subtitle')}>
      <QueryBody query={query}>{(settings) => <SettingsForm settings={settings} />}</QueryBody>
    </CenterSection>
  );
}
