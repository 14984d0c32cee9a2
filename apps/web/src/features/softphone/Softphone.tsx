// The console's softphone (issue 26), loaded lazily after login: asks for the user's SIP registration and the
// company's phone settings, starts the SIP agent (JsSIP, itself loaded on demand) when the user has an
// account (reporting its calls and registration where the PBX is external), stops it on logout, and shows the
// call bar, the keypad, the classification, operators and user campaigns modals and the campaign dial popup; the
// online operators it shows (the modal, the transfer menu) follow the realtime `phone.operators` event.
import type { OnlineOperatorList } from '@atende/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CallBar } from './CallBar.tsx';
import { CampaignDialPopup } from './CampaignDialPopup.tsx';
import { ClassificationModal } from './ClassificationModal.tsx';
import { DialModal } from './DialModal.tsx';
import { OperatorsModal } from './OperatorsModal.tsx';
import { UserCampaignsModal } from './UserCampaignsModal.tsx';
import { forgetPlacedCalls } from './use-campaign-dial.ts';
import { usePhoneStore } from './phone-store.ts';
import { startSipAgent } from './sip-agent.ts';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { operatorsQuery, phoneSettingsQuery, reportCall, reportRegistration } from './softphone-api.ts';
import { callReporter, registrationReporter } from './call-reporter.ts';

const TICK_MS = 1_000;

function useSipAgent() {
  const settings = useQuery(phoneSettingsQuery).data;
  useEffect(() => {
    const store = usePhoneStore.getState();
    if (!settings) return;
    if (!settings.account) {
      store.setAvailable(false);
      return;
    }
    const account = settings.account;
    let cancelled = false;
    let agent: Awaited<ReturnType<typeof startSipAgent>> | null = null;
    store.setAvailable(true);
    // An external PBX tells us nothing: the softphone reports each step of its calls, and its registration.
    const report = settings.reports_calls ? callReporter(reportCall) : null;
    const registration = settings.reports_calls ? registrationReporter(reportRegistration) : null;
    void startSipAgent(
      { ...settings, account },
      {
        dispatch: (event) => {
          usePhoneStore.getState().dispatch(event);
          void report?.(event);
          registration?.onEvent(event);
        },
        state: () => usePhoneStore.getState(),
      },
    ).then((started) => {
      if (cancelled) return started.stop();
      agent = started;
      usePhoneStore.getState().attach(started, settings.wrap_up_seconds);
    });
    return () => {
      cancelled = true;
      registration?.stop();
      agent?.stop();
      usePhoneStore.getState().reset();
      forgetPlacedCalls();
    };
  }, [settings]);

  // The wrap-up's end is a moment in time, not an event: the clock tells the store.
  useEffect(() => {
    const timer = setInterval(
      () => usePhoneStore.getState().dispatch({ type: 'tick', at: Date.now() }),
      TICK_MS,
    );
    return () => clearInterval(timer);
  }, []);
}

/** The company's online operators as the server tells them, whenever they change. */
function useLiveOperators() {
  const client = useQueryClient();
  const socket = useRealtimeStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return undefined;
    const handle = (event: OnlineOperatorList) => client.setQueryData(operatorsQuery.queryKey, event);
    socket.on('phone.operators', handle);
    return () => {
      socket.off('phone.operators', handle);
    };
  }, [socket, client]);
}

export function Softphone() {
  useSipAgent();
  useLiveOperators();
  return (
    <>
      <CallBar />
      <DialModal />
      <ClassificationModal />
      <OperatorsModal />
      <UserCampaignsModal />
      <CampaignDialPopup />
    </>
  );
}
