// The softphone's store (Zustand: the server does not know a browser's SIP state). It holds the state machine
// of phone-machine.ts, the company's wrap-up, and the SIP agent once the lazy softphone has started one: the
// sidebar, the call bar and a customer's voice channel act through it without loading JsSIP themselves.
import { create } from 'zustand';
import {
  initialPhoneState,
  phoneReducer,
  type CallCustomer,
  type PhoneEvent,
  type PhoneState,
} from './phone-machine.ts';

/** What the SIP agent (sip-agent.ts, loaded with JsSIP) does when asked. */
export interface PhoneAgent {
  call(number: string, customer: CallCustomer | null): Promise<void>;
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
  dispatch(event: PhoneEvent): void;
  attach(agent: PhoneAgent | null, wrapUpSeconds: number): void;
  setAvailable(available: boolean | null): void;
  setKeypadOpen(open: boolean): void;
  setOperatorsOpen(open: boolean): void;
  reset(): void;
}

const initial = {
  ...initialPhoneState,
  available: null,
  wrapUpSeconds: 0,
  agent: null,
  keypadOpen: false,
  operatorsOpen: false,
};

export const usePhoneStore = create<PhoneStore>()((set) => ({
  ...initial,
  dispatch: (event) => set((state) => phoneReducer(state, event)),
  attach: (agent, wrapUpSeconds) => set({ agent, wrapUpSeconds }),
  setAvailable: (available) => set({ available }),
  setKeypadOpen: (keypadOpen) => set({ keypadOpen }),
  setOperatorsOpen: (operatorsOpen) => set({ operatorsOpen }),
  reset: () => set(initial),
}));
