// The softphone's reports where the company's PBX is external and tells us nothing: each step of its calls
// (POST /api/phone/calls/report) as the state machine hears it (started, answered, held, ended), sent in order
// per phone, each retried a few times — the server keeps each step once by the SIP Call-ID, so a repeated
// report changes nothing; and its registration (PUT /api/phone/registration), said again every two minutes
// while it lasts, since the server forgets one not heard of for longer than a re-registration.
import type { CallReport } from '@atende/contract';
import type { PhoneEvent } from './phone-machine.ts';

const ATTEMPTS = 3;
const RETRY_MS = 1_000;

/** The report a phone event makes, if it is a step of a call. */
export function reportOf(event: PhoneEvent): CallReport | null {
  switch (event.type) {
    case 'incoming':
    case 'outgoing':
      return {
        event: 'started',
        call_id: event.sipCallId,
        direction: event.type === 'incoming' ? 'inbound' : 'outbound',
        number: event.number || '?',
      };
    case 'answered':
      return { event: 'answered', call_id: event.sipCallId };
    case 'held':
      return { event: 'held', call_id: event.sipCallId, on: event.on };
    case 'ended':
      return event.hangup ? { event: 'ended', call_id: event.sipCallId, ...event.hangup } : null;
    default:
      return null;
  }
}

/** Sends the reports of a phone's events one after the other (a step never overtakes the one before). */
export function callReporter(
  send: (report: CallReport) => Promise<unknown>,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): (event: PhoneEvent) => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  return (event) => {
    const report = reportOf(event);
    if (!report) return queue;
    queue = queue.then(async () => {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          await send(report);
          return;
        } catch {
          if (attempt < ATTEMPTS) await wait(RETRY_MS * attempt);
        }
      }
    });
    return queue;
  };
}

/** How often a registration is said again while it lasts (the server keeps one for 330 s). */
export const REGISTRATION_REFRESH_MS = 120_000;

/** Says the phone's registration to the server as it changes, and again while it lasts. */
export function registrationReporter(
  send: (registered: boolean) => Promise<unknown>,
  everyMs = REGISTRATION_REFRESH_MS,
) {
  let timer: ReturnType<typeof setInterval> | null = null;
  const say = (registered: boolean) => void send(registered).catch(() => undefined);
  const quiet = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  return {
    onEvent(event: PhoneEvent) {
      if (event.type === 'registered') {
        quiet();
        say(true);
        timer = setInterval(() => say(true), everyMs);
      } else if (event.type === 'unregistered' || event.type === 'registration_failed') {
        if (!timer) return;
        quiet();
        say(false);
      }
    },
    stop() {
      const wasRegistered = timer !== null;
      quiet();
      if (wasRegistered) say(false);
    },
  };
}
