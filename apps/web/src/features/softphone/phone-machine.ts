// The softphone's state machine (issue 26), kept pure so its rules are tested without SIP: the registration
// (SIP online / offline), the one call at a time (ringing, dialing, in progress, muted, held), the wrap-up
// after a call (its countdown, during which no new call is offered) and the classification it asks for.
// Spec §4's call statuses are read from it by `callStatus`.
import type { HangupCause, HangupSide } from '@atende/contract';

export type SipStatus = 'offline' | 'connecting' | 'online';

/** Spec §4: unknown, call in progress, calling (a call rings here), making a call, awaiting, mute. */
export type CallStatus = 'unknown' | 'in_progress' | 'calling' | 'making_call' | 'awaiting' | 'mute';

/** Why the phone could not do what was asked: shown in the call bar, the rest of the console works on. */
export type PhoneProblem =
  | 'microphone_denied'
  | 'microphone_missing'
  | 'call_failed'
  | 'busy'
  | 'unavailable'
  | 'registration_failed'
  | 'transfer_failed';

export type CallDirection = 'inbound' | 'outbound';

/** The customer a call is with, when known before any look-up (a call placed from their channel). */
export type CallCustomer = { id: string; name: string };

export type PhoneCall = {
  /** The SIP Call-ID: how the call's record (CDR) is found to classify it. */
  sipCallId: string;
  direction: CallDirection;
  /** The customer's number (the caller's, or the one dialled). */
  number: string;
  /** The customer a call placed from their channel is for (an inbound one is matched by number). */
  customer: CallCustomer | null;
  startedAt: number;
  answeredAt: number | null;
  muted: boolean;
  held: boolean;
  /** The colleague the call is being transferred to (REFER sent, their phone ringing), by name. */
  transferringTo: string | null;
  /** The campaign attempt the call belongs to (its X-Atende-Campaign-Detail header), if any. */
  campaignDetailId: string | null;
};

/**
 * A call that ended: the wrap-up runs until `until` whether or not it is classified yet (spec §4: the timer
 * counts down, then resets), and the classification is asked for until given.
 */
export type WrapUp = {
  sipCallId: string;
  number: string;
  contactId: string | null;
  until: number;
  classified: boolean;
  /** Whether the customer answered: an answered campaign call is classified with its outcome. */
  answered: boolean;
  campaignDetailId: string | null;
};

export type PhoneState = {
  sip: SipStatus;
  call: PhoneCall | null;
  wrapUp: WrapUp | null;
  problem: PhoneProblem | null;
};

export const initialPhoneState: PhoneState = { sip: 'offline', call: null, wrapUp: null, problem: null };

export type PhoneEvent =
  | { type: 'connecting' }
  | { type: 'registered' }
  | { type: 'unregistered' }
  | { type: 'registration_failed' }
  | {
      type: 'incoming' | 'outgoing';
      sipCallId: string;
      number: string;
      customer?: CallCustomer | null;
      campaignDetailId?: string | null;
      at: number;
    }
  | { type: 'answered'; sipCallId: string; at: number }
  | {
      type: 'ended';
      sipCallId: string;
      at: number;
      /** The wrap-up the company gives after a call, in seconds. */
      wrapUpSeconds: number;
      /** Set when a call never took place: busy, unavailable, failed (not a hang-up or cancel). */
      problem?: PhoneProblem | null;
      /** Which end ended it and why, as the call record says it (reported where the PBX is external). */
      hangup?: { side: HangupSide; cause: HangupCause };
    }
  | { type: 'muted' | 'held'; sipCallId: string; on: boolean }
  /** A transfer to a colleague began (`to` their name), or failed (`to` null: the call stays here). */
  | { type: 'transferring'; sipCallId: string; to: string | null }
  | { type: 'problem'; problem: PhoneProblem | null }
  | { type: 'classified'; sipCallId: string; at: number }
  /** The clock moved: a classified wrap-up whose time is over is done. */
  | { type: 'tick'; at: number };

/** Whether a new call may ring here now: registered, no call, and no wrap-up still counting down. */
export const offerable = (state: PhoneState, now: number): boolean =>
  state.sip === 'online' && state.call === null && (state.wrapUp === null || state.wrapUp.until <= now);

/** Whether the operator may place a call now (the same rule: one call at a time, not during wrap-up). */
export const canDial = offerable;

/** Seconds of wrap-up left (0 once it is over or when there is none). */
export const wrapUpLeft = (state: PhoneState, now: number): number =>
  state.wrapUp ? Math.max(0, Math.ceil((state.wrapUp.until - now) / 1000)) : 0;

export function callStatus(state: PhoneState): CallStatus {
  const { call } = state;
  if (call?.answeredAt != null) return call.muted ? 'mute' : 'in_progress';
  if (call) return call.direction === 'inbound' ? 'calling' : 'making_call';
  return state.sip === 'online' ? 'awaiting' : 'unknown';
}

const sameCall = (state: PhoneState, sipCallId: string) => state.call?.sipCallId === sipCallId;

export function phoneReducer(state: PhoneState, event: PhoneEvent): PhoneState {
  switch (event.type) {
    case 'connecting':
      return { ...state, sip: 'connecting' };
    case 'registered':
      return {
        ...state,
        sip: 'online',
        problem: state.problem === 'registration_failed' ? null : state.problem,
      };
    case 'unregistered':
      return { ...state, sip: 'offline' };
    case 'registration_failed':
      return { ...state, sip: 'offline', problem: 'registration_failed' };
    case 'incoming':
    case 'outgoing': {
      // The agent asks `offerable` first; a call arriving on top of another is refused there, not here.
      if (state.call) return state;
      const call: PhoneCall = {
        sipCallId: event.sipCallId,
        direction: event.type === 'incoming' ? 'inbound' : 'outbound',
        number: event.number,
        customer: event.customer ?? null,
        startedAt: event.at,
        answeredAt: null,
        muted: false,
        held: false,
        transferringTo: null,
        campaignDetailId: event.campaignDetailId ?? null,
      };
      // A wrap-up whose time is over may still await its classification: it stays asked for.
      return { ...state, call, problem: null };
    }
    case 'answered':
      if (!sameCall(state, event.sipCallId) || state.call!.answeredAt !== null) return state;
      return { ...state, call: { ...state.call!, answeredAt: event.at } };
    case 'muted':
    case 'held':
      if (!sameCall(state, event.sipCallId)) return state;
      return {
        ...state,
        call: { ...state.call!, [event.type === 'muted' ? 'muted' : 'held']: event.on },
      };
    case 'ended': {
      if (!sameCall(state, event.sipCallId)) return state;
      const call = state.call!;
      // A call that was talked, or one the operator placed, is classified and wrapped up; an inbound call
      // that never was answered (rejected, given up by the customer) leaves nothing to classify.
      const classify = call.answeredAt !== null || call.direction === 'outbound';
      return {
        ...state,
        call: null,
        problem: event.problem ?? null,
        wrapUp: classify
          ? {
              sipCallId: call.sipCallId,
              number: call.number,
              contactId: call.customer?.id ?? null,
              until: event.at + event.wrapUpSeconds * 1000,
              classified: false,
              answered: call.answeredAt !== null,
              campaignDetailId: call.campaignDetailId,
            }
          : state.wrapUp,
      };
    }
    case 'transferring':
      if (!sameCall(state, event.sipCallId)) return state;
      return { ...state, call: { ...state.call!, transferringTo: event.to } };
    case 'problem':
      return { ...state, problem: event.problem };
    case 'classified': {
      if (state.wrapUp?.sipCallId !== event.sipCallId) return state;
      const wrapUp = { ...state.wrapUp, classified: true };
      return { ...state, wrapUp: wrapUp.until <= event.at ? null : wrapUp };
    }
    case 'tick':
      return state.wrapUp?.classified && state.wrapUp.until <= event.at ? { ...state, wrapUp: null } : state;
  }
}
