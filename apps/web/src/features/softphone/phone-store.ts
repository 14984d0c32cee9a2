// The softphone's store (Zustand: the server does not know a browser's SIP state). It holds the state machine
// of phone-machine.ts, the company's wrap-up, and the SIP agent once the lazy softphone has started one: the
// sidebar, the call bar and a customer's voice channel act through it without loading JsSIP themselves.
import { create } from 'zustand';
import type { NextDial } from '@atende/contract';
import {
  initialPhoneState,
  phoneReducer,
  type CallCustomer,
  type PhoneEvent,
  type PhoneState,
} from './phone-machine.ts';

/** What the SIP agent (sip-agent.ts, loaded with JsSIP) does when asked. */
export interface PhoneAgent {
  /**
   * Places a call (with the campaign headers when it is a campaign attempt's); resolves to its SIP Call-ID, or
   * null when no call was placed (one is on, SIP is offline, the microphone is refused).
   */
  call(
    number: string,
    customer: CallCustomer | null,
    campaignDetailId?: string | null,
  ): Promise<string | null>;
  answer(): Promise<void>;
  reject(): void;
  hangup(): void;
  mute(on: boolean): void;
  hold(on: boolean): void;
  dtmf(tone: string): void;
  /**
   * Blind transfer (RFC 5589): REFERs the customer to `target` (a SIP URI); the call ends here once the
   * colleague answers, or stays (and says so) when the transfer fails.
   */
  transfer(target: string): void;
  stop(): void;
}

interface PhoneStore extends PhoneState {
  /** The user has a SIP account and the softphone started (null until known). */
  available: boolean | null;
  wrapUpSeconds: number;
  agent: PhoneAgent | null;
  keypadOpen: boolean;
  /** The online SIP operators modal. */
  operatorsOpen: boolean;
  /** The user campaigns modal. */
  campaignsOpen: boolean;
  /** The campaign customer the dialer gave this attendant (the popup dial flow), until classified or skipped. */
  dial: NextDial | null;
  dispatch(event: PhoneEvent): void;
  attach(agent: PhoneAgent | null, wrapUpSeconds: number): void;
  setAvailable(available: boolean | null): void;
  setKeypadOpen(open: boolean): void;
  setOperatorsOpen(open: boolean): void;
  setCampaignsOpen(open: boolean): void;
  setDial(dial: NextDial | null): void;
  reset(): void;
}

const initial = {
  ...initialPhoneState,
  available: null,
  wrapUpSeconds: 0,
  agent: null,
  keypadOpen: false,
  operatorsOpen: false,
  campaignsOpen: false,
  dial: null,
};

export const usePhoneStore = create<PhoneStore>()((set) => ({
  ...initial,
  dispatch: (event) => set((state) => phoneReducer(state, event)),
  attach: (agent, wrapUpSeconds) => set({ agent, wrapUpSeconds }),
  setAvailable: (available) => set({ available }),
  setKeypadOpen: (keypadOpen) => set({ keypadOpen }),
  setOperatorsOpen: (operatorsOpen) => set({ operatorsOpen }),
  setCampaignsOpen: (campaignsOpen) => set({ campaignsOpen }),
  setDial: (dial) => set({ dial }),
  reset: () => set(initial),
}));
