// An incoming call is announced until it is answered, rejected or cancelled: a looping ringtone (Web Audio,
// see notification-sound.ts) and, while the console's tab is hidden, a browser notification that brings the
// tab forward when clicked. Both stop with the ringing, whichever way it ends (the effect's cleanup).
import { useEffect, useRef } from 'react';
import { showCallNotification } from '../../lib/browser-notification.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { startRingtone } from '../../lib/notification-sound.ts';
import type { PhoneCall } from './phone-machine.ts';

export function useIncomingCallAlert(call: PhoneCall, callerName: string | null, icon?: string): void {
  const { t } = useTranslation();
  const ringing = call.direction === 'inbound' && call.answeredAt === null;
  // The caller's name may be found after the ring started: the notification shows what is known then.
  const caller = useRef(callerName);
  caller.current = callerName;

  useEffect(() => {
    if (!ringing) return;
    const stopRing = startRingtone();
    let closeNotification: (() => void) | null = null;
    const notifyWhenHidden = () => {
      if (document.visibilityState !== 'hidden' || closeNotification) return;
      closeNotification = showCallNotification({
        sipCallId: call.sipCallId,
        title: t('softphone.incomingCall'),
        body: caller.current ? `${caller.current} · ${call.number}` : call.number,
        icon,
      });
    };
    notifyWhenHidden();
    document.addEventListener('visibilitychange', notifyWhenHidden);
    return () => {
      stopRing();
      document.removeEventListener('visibilitychange', notifyWhenHidden);
      closeNotification?.();
    };
  }, [ringing, call.sipCallId, call.number, icon, t]);
}
