// The reports a softphone on an external PBX sends: each step of a call with the SIP Call-ID, in order, a failed
// send retried; the registration said as it changes and while it lasts; and the hang-up side and cause read
// from JsSIP's end of a call.
import type { CallReport } from '@atende/contract';
import { describe, expect, it, vi } from 'vitest';
import { callReporter, registrationReporter, reportOf } from './call-reporter.ts';
import { hangupOf } from './sip-agent.ts';

const CALL = 'a84b4c76e66710@pbx.example.com';

describe('call reports', () => {
  it('make a report of each step of a call, and of nothing else', () => {
    expect(reportOf({ type: 'incoming', sipCallId: CALL, number: '5511977770001', at: 1 })).toEqual({
      event: 'started',
      call_id: CALL,
      direction: 'inbound',
      number: '5511977770001',
    });
    expect(reportOf({ type: 'outgoing', sipCallId: CALL, number: '', at: 1 })).toMatchObject({
      direction: 'outbound',
      number: '?',
    });
    expect(reportOf({ type: 'answered', sipCallId: CALL, at: 2 })).toEqual({
      event: 'answered',
      call_id: CALL,
    });
    expect(reportOf({ type: 'held', sipCallId: CALL, on: true })).toEqual({
      event: 'held',
      call_id: CALL,
      on: true,
    });
    expect(
      reportOf({
        type: 'ended',
        sipCallId: CALL,
        at: 3,
        wrapUpSeconds: 30,
        hangup: { side: 'customer', cause: 'normal' },
      }),
    ).toEqual({ event: 'ended', call_id: CALL, side: 'customer', cause: 'normal' });
    expect(reportOf({ type: 'muted', sipCallId: CALL, on: true })).toBeNull();
    expect(reportOf({ type: 'registered' })).toBeNull();
  });

  it('go one after the other, a failed send retried before the next step goes', async () => {
    const sent: string[] = [];
    let failures = 1;
    const report = callReporter(
      async (body: CallReport) => {
        if (body.event === 'started' && failures-- > 0) throw new Error('offline');
        sent.push(body.event);
      },
      async () => undefined,
    );
    void report({ type: 'incoming', sipCallId: CALL, number: '5511977770001', at: 1 });
    void report({ type: 'muted', sipCallId: CALL, on: true });
    await report({ type: 'answered', sipCallId: CALL, at: 2 });
    expect(sent).toEqual(['started', 'answered']);
  });
});

describe('hang-up side and cause', () => {
  it('say who ended an established call', () => {
    expect(hangupOf('ended', 'local', 'Terminated')).toEqual({ side: 'operator', cause: 'normal' });
    expect(hangupOf('ended', 'remote', 'Terminated')).toEqual({ side: 'customer', cause: 'normal' });
    expect(hangupOf('ended', 'system', 'RTP Timeout')).toEqual({ side: 'system', cause: 'failed' });
  });

  it('say why a call never took place', () => {
    expect(hangupOf('failed', 'remote', 'Busy')).toEqual({ side: 'customer', cause: 'busy' });
    expect(hangupOf('failed', 'remote', 'Rejected')).toEqual({ side: 'customer', cause: 'rejected' });
    expect(hangupOf('failed', 'local', 'Rejected')).toEqual({ side: 'operator', cause: 'rejected' });
    expect(hangupOf('failed', 'local', 'Canceled')).toEqual({ side: 'operator', cause: 'cancelled' });
    expect(hangupOf('failed', 'remote', 'Canceled')).toEqual({ side: 'customer', cause: 'cancelled' });
    expect(hangupOf('failed', 'remote', 'No Answer')).toEqual({ side: 'system', cause: 'no_answer' });
    expect(hangupOf('failed', 'remote', 'Not Found')).toEqual({ side: 'system', cause: 'unavailable' });
    expect(hangupOf('failed', 'system', 'Connection Error')).toEqual({ side: 'system', cause: 'failed' });
  });
});

describe('registration reports', () => {
  it('say the registration as it changes and again while it lasts, and its end once', async () => {
    vi.useFakeTimers();
    try {
      const said: boolean[] = [];
      const registration = registrationReporter(async (registered) => said.push(registered), 1_000);
      registration.onEvent({ type: 'unregistered' });
      registration.onEvent({ type: 'registered' });
      await vi.advanceTimersByTimeAsync(2_500);
      registration.onEvent({ type: 'unregistered' });
      registration.onEvent({ type: 'registration_failed' });
      await vi.advanceTimersByTimeAsync(2_500);
      registration.onEvent({ type: 'registered' });
      registration.stop();
      await vi.advanceTimersByTimeAsync(2_500);
      expect(said).toEqual([true, true, true, false, true, false]);
    } finally {
      vi.useRealTimers();
    }
  });
});
