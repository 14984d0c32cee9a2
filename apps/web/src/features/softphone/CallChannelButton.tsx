// Placing a call from a customer's voice channel (spec §2 phone panel): shown when the user's softphone is
// registered; the call is tied to the customer so the call bar names them.
import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useNow } from '../pause/use-now.ts';
import { canDial, type CallCustomer } from './phone-machine.ts';
import { usePhoneStore } from './phone-store.ts';
import { PhoneIcon } from './PhoneIcons.tsx';

export function CallChannelButton({ contact, address }: { contact: CallCustomer; address: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const available = usePhoneStore((state) => state.available && state.agent !== null);
  const ready = usePhoneStore((state) => canDial(state, now));
  if (!available) return null;
  const label = t('softphone.callChannel', { address });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="light"
        color="green"
        aria-label={label}
        disabled={!ready}
        onClick={() =>
          void usePhoneStore.getState().agent?.call(address, { id: contact.id, name: contact.name })
        }
        data-testid="channel-call"
      >
        <PhoneIcon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
