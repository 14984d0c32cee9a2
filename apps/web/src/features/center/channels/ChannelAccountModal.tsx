// Creating or editing a channel account: the form of its kind in a modal (e-mail, website chat, or the form
// every provider kind draws from the contract).
import type { CenterChannelAccount } from '@atende/contract';
import { FormModal } from '../../../components/FormModal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { ConfigurableKind } from './account-input.ts';
import { isProviderKind } from '@atende/contract';
import { ChatAccountForm } from './ChatAccountForm.tsx';
import { EmailAccountForm } from './EmailAccountForm.tsx';
import { ProviderAccountForm } from './ProviderAccountForm.tsx';

/** What the modal edits: a new account of a kind, or an existing one. */
export type AccountEditing = { kind: ConfigurableKind; account: CenterChannelAccount | null };

export interface ChannelAccountModalProps {
  editing: AccountEditing | null;
  onClose: () => void;
}

export function ChannelAccountModal({ editing, onClose }: ChannelAccountModalProps) {
  const { t } = useTranslation();
  const handleSaved = () => {
    notifySuccess(t('centerChannels.saved'));
    onClose();
  };
  const title = editing
    ? t(editing.account ? 'centerChannels.editTitle' : `centerChannels.newTitle.${editing.kind}`, {
        name: editing.account?.name ?? '',
      })
    : '';
  const formProps = editing && {
    key: editing.account?.id ?? editing.kind,
    account: editing.account,
    onSaved: handleSaved,
    onCancel: onClose,
  };
  return (
    <FormModal opened={editing !== null} onClose={onClose} title={title} size="lg">
      {editing &&
        formProps &&
        (isProviderKind(editing.kind) ? (
          <ProviderAccountForm {...formProps} kind={editing.kind} />
        ) : editing.kind === 'email' ? (
          <EmailAccountForm {...formProps} />
        ) : (
          <ChatAccountForm {...formProps} />
        ))}
    </FormModal>
  );
}
