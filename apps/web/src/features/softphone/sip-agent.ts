// The browser's SIP user agent (issue 26): JsSIP over the company's SIP-over-WebSocket PBX (the embedded
// `/sip` by default) with WebRTC audio. JsSIP is imported here, on demand, so the console's first load does
// not carry it. The agent turns JsSIP's events into the state machine's and does what the store asks: one call
// at a time, a new one refused as busy while a call or a wrap-up is on (the operator is not offered it).
import type { HangupCause, HangupSide, PhoneSettings, SipRegistration } from '@atende/contract';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import { campaignCallHeaders, campaignInvite } from './campaign-sip.ts';
import { offerable, type CallCustomer, type PhoneEvent, type PhoneProblem } from './phone-machine.ts';
import type { PhoneAgent } from './phone-store.ts';

/** Spec §9: the SIP restart delay, between a dropped connection or registration and the next attempt. */
export const SIP_RESTART_DELAY_MS = 1_000;

export interface AgentHooks {
  dispatch(event: PhoneEvent): void;
  /** The phone's state now (whether a new call may ring). */
  state(): Parameters<typeof offerable>[0];
}

/** Why getUserMedia failed, as the call bar says it. */
export const microphoneProblem = (error: unknown): PhoneProblem =>
  error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
    ? 'microphone_denied'
    : 'microphone_missing';

/** The microphone, or the problem that prevents using it (no device, permission refused, no WebRTC). */
async function microphone(): Promise<MediaStream | PhoneProblem> {
  if (!navigator.mediaDevices?.getUserMedia) return 'microphone_missing';
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
  } catch (error) {
    return microphoneProblem(error);
  }
}

/** How a call that never took place ended, from JsSIP's cause; null when the operator ended it themselves. */
function failureProblem(originator: string, cause: string): PhoneProblem | null {
  if (originator === 'local') return cause === 'User Denied Media Access' ? 'microphone_denied' : null;
  switch (cause) {
    case 'Canceled':
    case 'Terminated':
      return null;
    case 'Busy':
    case 'Rejected':
      return 'busy';
    case 'Unavailable':
    case 'Not Found':
    case 'No Answer':
      return 'unavailable';
    default:
      return 'call_failed';
  }
}

/**
 * Which end ended a call and why, from JsSIP's `ended` (an established call) or `failed` (one that never was)
 * event: what the call record says (reported to the server where the PBX is external).
 */
export function hangupOf(
  phase: 'ended' | 'failed',
  originator: string,
  cause: string,
): { side: HangupSide; cause: HangupCause } {
  const side: HangupSide =
    originator === 'local' ? 'operator' : originator === 'remote' ? 'customer' : 'system';
  if (phase === 'ended') return { side, cause: side === 'system' ? 'failed' : 'normal' };
  switch (cause) {
    case 'Canceled':
      return { side, cause: 'cancelled' };
    case 'Busy':
      return { side, cause: 'busy' };
    case 'Rejected':
      return { side, cause: 'rejected' };
    case 'No Answer':
    case 'Request Timeout':
      return { side: 'system', cause: 'no_answer' };
    case 'Unavailable':
    case 'Not Found':
    case 'Address Incomplete':
      return { side: 'system', cause: 'unavailable' };
    default:
      return { side, cause: 'failed' };
  }
}

/** Digits of a number as the PBX routes it (a channel's `+55 11 4000-1200` is `551140001200`). */
export const dialable = (number: string): string => number.replace(/\D/g, '');

export async function startSipAgent(
  settings: PhoneSettings & { account: SipRegistration },
  hooks: AgentHooks,
): Promise<PhoneAgent> {
  const { default: JsSIP } = await import('jssip');
  const { account } = settings;
  const ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(settings.ws_url)],
    uri: account.uri,
    authorization_user: account.username,
    password: account.password,
    display_name: account.display_name,
    register: true,
    register_expires: 300,
    session_timers: false,
    // A dropped connection is retried after the spec's restart delay, every time (no growing back-off).
    connection_recovery_min_interval: SIP_RESTART_DELAY_MS / 1000,
    connection_recovery_max_interval: SIP_RESTART_DELAY_MS / 1000,
  });
  const pcConfig: RTCConfiguration = {
    iceServers: settings.ice_servers.map((server) => ({
      urls: server.urls,
      username: server.username ?? undefined,
      credential: server.credential ?? undefined,
    })),
  };
  const remoteAudio = new Audio();
  remoteAudio.autoplay = true;

  let session: RTCSession | null = null;
  /** Marks a call handed to a colleague (its REFER accepted): it ends as transferred, not hung up. */
  const transfers = new WeakMap<RTCSession, () => void>();
  let sessionCallId: string | null = null;
  let localStream: MediaStream | null = null;
  let pendingCustomer: CallCustomer | null = null;
  let pendingCampaign: string | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const releaseMicrophone = () => {
    localStream?.getTracks().forEach((track) => track.stop());
    localStream = null;
  };

  const watch = (current: RTCSession, sipCallId: string) => {
    session = current;
    sessionCallId = sipCallId;
    let transferred = false;
    const ended = (problem: PhoneProblem | null, hangup: { side: HangupSide; cause: HangupCause }) => {
      if (session === current) {
        session = null;
        remoteAudio.srcObject = null;
        releaseMicrophone();
      }
      hooks.dispatch({
        type: 'ended',
        sipCallId,
        at: Date.now(),
        wrapUpSeconds: settings.wrap_up_seconds,
        problem,
        hangup: transferred ? { side: 'operator', cause: 'transferred' } : hangup,
      });
    };
    transfers.set(current, () => (transferred = true));
    current.on('peerconnection', ({ peerconnection }) => {
      peerconnection.addEventListener('track', (event: RTCTrackEvent) => {
        if (event.track.kind === 'audio' && event.streams[0]) remoteAudio.srcObject = event.streams[0];
      });
    });
    current.on('accepted', () => hooks.dispatch({ type: 'answered', sipCallId, at: Date.now() }));
    current.on('ended', (event) =>
      ended(null, hangupOf('ended', String(event.originator), String(event.cause))),
    );
    current.on('failed', (event) => {
      const [originator, cause] = [String(event.originator), String(event.cause)];
      ended(failureProblem(originator, cause), hangupOf('failed', originator, cause));
    });
    current.on('muted', () => hooks.dispatch({ type: 'muted', sipCallId, on: true }));
    current.on('unmuted', () => hooks.dispatch({ type: 'muted', sipCallId, on: false }));
    current.on('hold', (event) => {
      if (event.originator === 'local') hooks.dispatch({ type: 'held', sipCallId, on: true });
    });
    current.on('unhold', (event) => {
      if (event.originator === 'local') hooks.dispatch({ type: 'held', sipCallId, on: false });
    });
  };

  ua.on('connecting', () => hooks.dispatch({ type: 'connecting' }));
  ua.on('disconnected', () => hooks.dispatch({ type: 'unregistered' }));
  ua.on('registered', () => hooks.dispatch({ type: 'registered' }));
  ua.on('unregistered', () => hooks.dispatch({ type: 'unregistered' }));
  ua.on('registrationFailed', (event) => {
    hooks.dispatch({ type: 'registration_failed' });
    // A refused account waits for an administrator; anything else (a registrar restarting) is retried.
    if (stopped || event.cause === 'Authentication Error' || event.cause === 'Rejected') return;
    if (retry) clearTimeout(retry);
    retry = setTimeout(() => {
      retry = null;
      if (!stopped && ua.isConnected()) ua.register();
    }, SIP_RESTART_DELAY_MS);
  });
  ua.on('newRTCSession', (event: RTCSessionEvent) => {
    // An incoming request carries its Call-ID too (IncomingMessage), though JsSIP's types name it only outgoing.
    const sipCallId = (event.request as { call_id: string }).call_id;
    if (event.originator === 'local') {
      watch(event.session, sipCallId);
      hooks.dispatch({
        type: 'outgoing',
        sipCallId,
        number: event.request.ruri.user ?? '',
        customer: pendingCustomer,
        campaignDetailId: pendingCampaign,
        at: Date.now(),
      });
      return;
    }
    if (!offerable(hooks.state(), Date.now()) || session) {
      event.session.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
      return;
    }
    watch(event.session, sipCallId);
    const campaign = campaignInvite(event.request);
    hooks.dispatch({
      type: 'incoming',
      sipCallId,
      number: event.request.from.uri.user ?? '',
      campaignDetailId: campaign.campaignDetailId,
      at: Date.now(),
    });
    // A power campaign's customer already answered and waits for this attendant: no ringing, the call is on.
    if (campaign.autoAnswer) void agent.answer();
  });

  const agent: PhoneAgent = {
    async call(number, customer, campaignDetailId = null) {
      if (session || !offerable(hooks.state(), Date.now())) return null;
      const stream = await microphone();
      if (typeof stream === 'string') {
        hooks.dispatch({ type: 'problem', problem: stream });
        return null;
      }
      localStream = stream;
      pendingCustomer = customer;
      pendingCampaign = campaignDetailId;
      try {
        // JsSIP announces the new session (newRTCSession, which records its Call-ID) before ua.call returns.
        const placed = ua.call(`sip:${dialable(number)}@${settings.sip_domain}`, {
          mediaStream: stream,
          pcConfig,
          rtcOfferConstraints: { offerToReceiveAudio: true, offerToReceiveVideo: false },
          extraHeaders: campaignDetailId ? campaignCallHeaders(campaignDetailId) : [],
        });
        return placed === session ? sessionCallId : null;
      } finally {
        pendingCustomer = null;
        pendingCampaign = null;
      }
    },
    async answer() {
      const current = session;
      if (!current || current.direction !== 'incoming' || current.isEstablished()) return;
      const stream = await microphone();
      // Refused or missing: the call keeps ringing (the operator may fix it or reject), the reason shown.
      if (typeof stream === 'string') return hooks.dispatch({ type: 'problem', problem: stream });
      if (session !== current || current.isEnded()) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      localStream = stream;
      current.answer({ mediaStream: stream, pcConfig });
    },
    reject() {
      if (session && !session.isEstablished())
        session.terminate({ status_code: 603, reason_phrase: 'Decline' });
    },
    hangup() {
      if (session && !session.isEnded()) session.terminate();
    },
    mute(on) {
      if (!session?.isEstablished()) return;
      if (on) session.mute({ audio: true });
      else session.unmute({ audio: true });
    },
    hold(on) {
      if (!session?.isEstablished()) return;
      if (on) session.hold();
      else session.unhold();
    },
    dtmf(tone) {
      if (session?.isEstablished()) session.sendDTMF(tone);
    },
    transfer(target) {
      const current = session;
      const sipCallId = sessionCallId;
      if (!current?.isEstablished() || !sipCallId) return;
      const failed = () => {
        if (current.isEnded()) return;
        hooks.dispatch({ type: 'transferring', sipCallId, to: null });
        hooks.dispatch({ type: 'problem', problem: 'transfer_failed' });
      };
      current.refer(target, {
        eventHandlers: {
          requestFailed: failed,
          failed,
          // The customer's phone says the colleague answered (NOTIFY 200): this end leaves the call.
          accepted: () => {
            transfers.get(current)?.();
            if (!current.isEnded()) current.terminate();
          },
        },
      });
    },
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (session && !session.isEnded()) session.terminate();
      releaseMicrophone();
      ua.stop();
    },
  };
  ua.start();
  return agent;
}
