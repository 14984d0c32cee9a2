// The web chat widget form: its name, the window's title, colour and greeting, the pre-chat form and whether
// visitors must prove who they are (identity verification).
import { ColorInput, Switch, TextInput, Textarea } from '@mantine/core';
import { ModalForm } from '../../../components/FormModal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { chatFormOf, chatInputOf, checkChatForm, type ChatForm } from './chat-form.ts';
import { useAccountForm, type AccountFormProps, type TextFieldOf } from './use-account-form.ts';

type ToggleField = Exclude<keyof ChatForm, TextFieldOf<ChatForm>>;

export function ChatAccountForm({ account, onSaved, onCancel }: AccountFormProps) {
  const { t } = useTranslation();
  const { form, set, errorOf, textProps, generalError, saving, handleSubmit } = useAccountForm(
    account,
    { initial: chatFormOf(account), check: checkChatForm, inputOf: chatInputOf },
    onSaved,
  );

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
    <ModalForm
      onSubmit={handleSubmit}
      error={generalError}
      submitLabel={t('centerChannels.save')}
      busy={saving}
      onCancel={onCancel}
      submitTestId="channel-save"
    >
      <TextInput {...textProps('name', t('centerChannels.fields.name'))} required data-autofocus />
      <TextInput {...textProps('chat.title', t('centerChannels.chat.title'))} required />
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
        {...textProps('chat.greeting', t('centerChannels.chat.greeting'))}
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
    </ModalForm>
  );
}
