// Creating or editing a channel account: the form of its kind in a modal.
import type { CenterChannelAccount } from '@atende/contract';
import { FormModal } from '../../../components/FormModal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { ConfigurableKind } from './account-input.ts';
import { ChatAccountForm } from './ChatAccountForm.tsx';
import { EmailAccountForm } from './EmailAccountForm.tsx';

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
  const Form = editing?.kind === 'email' ? EmailAccountForm : ChatAccountForm;
  return (
    <FormModal opened={editing !== null} onClose={onClose} title={title} size="lg">
      {editing && (
        <Form
          key={editing.account?.id ?? editing.kind}
          account={editing.account}
          onSaved={handleSaved}
          onCancel={onClose}
        />
      )}
    </FormModal>
  );
}
