// Messages between a simulated SIP phone (child.ts, its own process) and whoever drives it (index.ts).

export type PhoneConfig = {
  /** The PBX's SIP-over-WebSocket address. */
  wsUrl: string;
  /** `sip:<user>@<domain>`: an operator's account or a customer's number. */
  uri: string;
  password: string;
  /** The digest username when it differs from the URI's user (`carrier` for customers). */
  authorizationUser?: string;
  displayName?: string;
  /** The tone this phone plays into every call, in hertz. */
  toneHz: number;
};

export type PhoneCommand =
  | { type: 'start'; config: PhoneConfig }
  /** `headers`: extra SIP headers of the INVITE ("Name: value"), as the console's campaign calls add. */
  | { type: 'call'; target: string; headers?: string[] }
  | { type: 'answer' }
  | { type: 'reject'; status: number }
  | { type: 'hangup' }
  | { type: 'hold' }
  | { type: 'unhold' }
  | { type: 'dtmf'; tones: string }
  /** Blind transfer (RFC 5589): REFER the other end of the call to `target`. */
  | { type: 'transfer'; target: string }
  | { type: 'measure'; hz: number; ms: number }
  | { type: 'stop' };

export type PhoneEvent =
  | { type: 'registered' }
  | { type: 'unregistered' }
  | { type: 'registration_failed'; cause: string }
  | { type: 'incoming'; from: string; callId: string }
  | { type: 'progress'; status: number | null }
  | { type: 'accepted'; callId: string }
  | { type: 'confirmed' }
  | { type: 'ended'; originator: string; cause: string }
  | { type: 'failed'; originator: string; cause: string; status: number | null }
  | { type: 'hold'; originator: string }
  | { type: 'unhold'; originator: string }
  | { type: 'dtmf'; tone: string }
  /** The other end REFERred this phone to `target`: it accepts, calling the target (a customer's phone). */
  | { type: 'referred'; target: string }
  /** How this phone's REFER goes: its answer (202 or an error), then the NOTIFYs of the transferee's call. */
  | {
      type: 'refer';
      phase: 'requestSucceeded' | 'requestFailed' | 'trying' | 'progress' | 'accepted' | 'failed';
      status: number | null;
    }
  /** What the phone heard during `ms`: the samples' RMS and the share of their energy at `hz`. */
  | { type: 'measured'; frames: number; rms: number; toneShare: number }
  | { type: 'error'; message: string };
