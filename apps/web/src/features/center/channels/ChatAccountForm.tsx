// The web chat widget form: its name, the window's title, colour and greeting, the pre-chat form and whether
// visitors must prove who they are (identity verification).
import type { CenterChannelAccount } from '@atende/contract';
import { ColorInput, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { FormActions } from '../../../components/FormActions.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { chatFormOf, chatInputOf, checkChatForm, type ChatForm } from './chat-form.ts';
import { useAccountForm } from './use-account-form.ts';

type TextField = {
  [K in keyof ChatForm]: ChatForm[K] extends string ? K : never;
}[keyof ChatForm];
type ToggleField = Exclude<keyof ChatForm, TextField>;

export interface ChatAccountFormProps {
  account: CenterChannelAccount | null;
  onSaved: (saved: CenterChannelAccount) => void;
  onCancel: () => void;
}

export function ChatAccountForm({ account, onSaved, onCancel }: ChatAccountFormProps) {
  const { t } = useTranslation();
  const { form, set, errorOf, generalError, saving, handleSubmit } = useAccountForm(
    account,
    { initial: chatFormOf(account), check: checkChatForm, inputOf: chatInputOf },
    onSaved,
  );

  const text = (field: TextField, label: string) => ({
    label,
    value: form[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    error: errorOf(field),
    'data-testid': `channel-${field}`,
  });

  const toggle = (field: ToggleField, label: string, description?: string) => (
    <Switch
      label={label}
      description={description}
      checked={form[field]}
      onChange={(event) => set(field, event.currentTarget.checked)}
      data-testid={`channel-${field}`}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput {...text('name', t('centerChannels.fields.name'))} required data-autofocus />
        <TextInput {...text('chat.title', t('centerChannels.chat.title'))} required />
        <ColorInput
          label={t('centerChannels.chat.color')}
          value={form['chat.color']}
          onChange={(value) => set('chat.color', value)}
          error={errorOf('chat.color')}
          format="hex"
          swatches={['#29a4ff', '#228be6', '#12b886', '#40c057', '#fab005', '#fd7e14', '#fa5252', '#7950f2']}
          required
          data-testid="channel-chat.color"
        />
        <Textarea
          {...text('chat.greeting', t('centerChannels.chat.greeting'))}
          description={t('centerChannels.chat.greetingHint')}
          autosize
          minRows={2}
          maxRows={4}
        />
        {toggle(
          'chat.pre_chat.enabled',
          t('centerChannels.chat.preChat'),
          t('centerChannels.chat.preChatHint'),
        )}
        {form['chat.pre_chat.enabled'] &&
          toggle('chat.pre_chat.require_phone', t('centerChannels.chat.requirePhone'))}
        {toggle(
          'chat.identity_verification',
          t('centerChannels.chat.identityVerification'),
          t('centerChannels.chat.identityVerificationHint'),
        )}
        {toggle('enabled', t('centerChannels.fields.enabled'))}
        {generalError && (
          <Text size="sm" c="red" role="alert">
            {generalError}
          </Text>
        )}
        <FormActions
          label={t('centerChannels.save')}
          busy={saving}
          onCancel={onCancel}
          testId="channel-save"
        />
      </Stack>
    </form>
  );
}
