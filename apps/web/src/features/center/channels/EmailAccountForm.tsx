// The e-mail account form: address, the SMTP server replies go out through and the IMAP mailbox mail is read
// from. A stored password is never shown; leaving its field empty keeps it.
import {
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { ModalForm } from '../../../components/FormModal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { checkEmailForm, emailFormOf, emailInputOf } from './email-form.ts';
import { useAccountForm, type AccountFormProps } from './use-account-form.ts';

type Server = 'smtp' | 'imap';

export function EmailAccountForm({ account, onSaved, onCancel }: AccountFormProps) {
  const { t } = useTranslation();
  const { form, set, errorOf, textProps, generalError, saving, handleSubmit } = useAccountForm(
    account,
    { initial: emailFormOf(account), check: checkEmailForm, inputOf: emailInputOf },
    onSaved,
  );

  const stored = (server: Server) =>
    server === 'smtp' ? account?.email?.has_smtp_password : account?.email?.has_imap_password;

  const serverFields = (server: Server) => (
    <Fieldset legend={t(`centerChannels.email.${server}`)} data-testid={`channel-${server}`}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            {...textProps(`email.${server}.host`, t('centerChannels.email.host'))}
            required
            style={{ gridColumn: 'span 2' }}
          />
          <NumberInput
            label={t('centerChannels.email.port')}
            value={form[`email.${server}.port`]}
            onChange={(value) => set(`email.${server}.port`, value)}
            error={errorOf(`email.${server}.port`)}
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            required
            data-testid={`channel-email.${server}.port`}
          />
        </SimpleGrid>
        <Switch
          label={t('centerChannels.email.secure')}
          description={t(`centerChannels.email.secureHint.${server}`)}
          checked={form[`email.${server}.secure`]}
          onChange={(event) => set(`email.${server}.secure`, event.currentTarget.checked)}
          data-testid={`channel-email.${server}.secure`}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput {...textProps(`email.${server}.user`, t('centerChannels.email.user'))} required />
          <PasswordInput
            {...textProps(`secrets.${server}_password`, t('centerChannels.email.password'))}
            description={stored(server) ? t('centerChannels.email.passwordKept') : undefined}
            placeholder={stored(server) ? '••••••••' : undefined}
            autoComplete="new-password"
          />
        </SimpleGrid>
        {server === 'imap' && (
          <TextInput {...textProps('email.imap.mailbox', t('centerChannels.email.mailbox'))} required />
        )}
      </Stack>
    </Fieldset>
  );

  return (
    <ModalForm
      onSubmit={handleSubmit}
      error={generalError}
      submitLabel={t('centerChannels.save')}
      busy={saving}
      onCancel={onCancel}
      submitTestId="channel-save"
    >
      <Group grow align="flex-start">
        <TextInput {...textProps('name', t('centerChannels.fields.name'))} required data-autofocus />
        <TextInput {...textProps('address', t('centerChannels.email.address'))} type="email" required />
      </Group>
      {serverFields('smtp')}
      {serverFields('imap')}
      <Switch
        label={t('centerChannels.fields.enabled')}
        checked={form.enabled}
        onChange={(event) => set('enabled', event.currentTarget.checked)}
        data-testid="channel-enabled"
      />
    </ModalForm>
  );
}
