// The sidebar's phone entry (spec §4 "SIP: online or disconnected/offline"): the registration state of the
// softphone, and the keypad to place a call. Shown only to users with a SIP account; small, since it is in
// the console's first load (the softphone itself loads lazily).
import { Badge, NavLink } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { KeypadIcon } from './KeypadIcon.tsx';
import { usePhoneStore } from './phone-store.ts';

export function SipStatusNavEntry() {
  const { t } = useTranslation();
  const available = usePhoneStore((state) => state.available);
  const sip = usePhoneStore((state) => state.sip);
  const setKeypadOpen = usePhoneStore((state) => state.setKeypadOpen);
  if (!available) return null;
  const online = sip === 'online';
  return (
    <NavLink
      component="button"
      type="button"
      label={t('softphone.phone')}
      leftSection={<KeypadIcon size={20} />}
      rightSection={
        <Badge
          size="xs"
          variant="dot"
          color={online ? 'green' : 'gray'}
          data-testid="sip-status"
          data-status={sip}
        >
          {t(online ? 'softphone.sipOnline' : 'softphone.sipOffline')}
        </Badge>
      }
      onClick={() => setKeypadOpen(true)}
      data-testid="softphone-keypad-open"
    />
  );
}
