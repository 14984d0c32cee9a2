// A provider account's form, whatever its kind: name, the address customers know it by, the kind's fields as
// the contract lists them (secrets as password fields that keep what is stored when left blank, choices as a
// select, the broadcast rate and the API address under "advanced"), and whether it is on.
import { PROVIDER_FIELDS, type ProviderField, type ProviderKind } from '@atende/contract';
import { Fieldset, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { ModalForm } from '../../../components/FormModal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { formFieldOf, providerChecks, providerFormOf, providerInputOf } from './provider-form.ts';
import { useAccountForm, type AccountFormProps } from './use-account-form.ts';

/** Fields most accounts leave alone: shown apart, below the credentials. */
const ADVANCED = new Set(['broadcast_rate', 'api_base_url']);

export function ProviderAccountForm({
  kind,
  account,
  onSaved,
  onCancel,
}: AccountFormProps & { kind: ProviderKind }) {
  const { t } = useTranslation();
  const stored = account?.provider?.stored_secrets ?? [];
  const { form, set, errorOf, generalError, saving, handleSubmit } = useAccountForm(
    account,
    {
      initial: providerFormOf(kind, account),
      check: providerChecks(kind, stored),
      inputOf: providerInputOf(kind),
    },
    onSaved,
  );

  const label = (field: ProviderField) => t(`centerChannels.provider.fields.${field.name}` as ParseKeys);
  const hint = (field: ProviderField) => {
    const key = `centerChannels.provider.hints.${field.name}`;
    return t(key as ParseKeys, { defaultValue: '' }) || undefined;
  };

  const input = (field: ProviderField) => {
    const name = formFieldOf(field);
    const common = {
      label: label(field),
      error: errorOf(name),
      required: field.required && !(field.secret && stored.includes(field.name)),
      'data-testid': `channel-${name}`,
    };
    if (field.choices) {
      return (
        <Select
          key={name}
          {...common}
          data={field.choices.map((value) => ({
            value,
            label: t(`centerChannels.provider.choices.${value}` as ParseKeys),
          }))}
          value={form[name] ?? null}
          onChange={(value) => set(name, value ?? '')}
          description={hint(field)}
          allowDeselect={false}
        />
      );
    }
    const value = form[name] ?? '';
    const onChange = (event: { currentTarget: { value: string } }) => set(name, event.currentTarget.value);
    if (field.secret) {
      const kept = stored.includes(field.name);
      return (
        <PasswordInput
          key={name}
          {...common}
          value={value}
          onChange={onChange}
          description={kept ? t('centerChannels.provider.secretKept') : hint(field)}
          placeholder={kept ? '••••••••' : undefined}
          autoComplete="new-password"
        />
      );
    }
    return <TextInput key={name} {...common} value={value} onChange={onChange} description={hint(field)} />;
  };

  const fields = PROVIDER_FIELDS[kind];
  const advanced = fields.filter((field) => ADVANCED.has(field.name));
  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={generalError}
      submitLabel={t('centerChannels.save')}
      busy={saving}
      onCancel={onCancel}
      submitTestId="channel-save"
    >
      <TextInput
        label={t('centerChannels.fields.name')}
        value={form.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errorOf('name')}
        required
        data-autofocus
        data-testid="channel-name"
      />
      <TextInput
        label={t('centerChannels.provider.address')}
        description={t('centerChannels.provider.addressHint')}
        value={form.address}
        onChange={(event) => set('address', event.currentTarget.value)}
        error={errorOf('address')}
        data-testid="channel-address"
      />
      <Fieldset legend={t('centerChannels.provider.credentials')}>
        <Stack gap="xs">{fields.filter((field) => !ADVANCED.has(field.name)).map(input)}</Stack>
      </Fieldset>
      {advanced.length > 0 && (
        <Fieldset legend={t('centerChannels.provider.advanced')} variant="unstyled">
          <Stack gap="xs">{advanced.map(input)}</Stack>
        </Fieldset>
      )}
      <Switch
        label={t('centerChannels.fields.enabled')}
        checked={form.enabled}
        onChange={(event) => set('enabled', event.currentTarget.checked)}
        data-testid="channel-enabled"
      />
    </ModalForm>
  );
}
