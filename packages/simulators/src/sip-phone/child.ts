// A simulated SIP phone in its own process: JsSIP over WebSocket with @roamhq/wrtc as its WebRTC, playing a
// sine tone into every call (RTCAudioSource) and measuring what it hears (RTCAudioSink). wrtc crashes when its
// process exits normally, so this process ends with process.exit() and its parent never shares its fate.
import wrtc from '@roamhq/wrtc';
import JsSIP from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession.js';
import { WebSocket } from 'ws';
import type { PhoneCommand, PhoneConfig, PhoneEvent } from './protocol.ts';

const scope = globalThis as Record<string, unknown>;
scope.window = globalThis;
scope.WebSocket ??= WebSocket;
scope.RTCPeerConnection = wrtc.RTCPeerConnection;
scope.RTCSessionDescription = wrtc.RTCSessionDescription;
scope.RTCIceCandidate = wrtc.RTCIceCandidate;
scope.MediaStream = wrtc.MediaStream;
if (!scope.navigator) scope.navigator = { userAgent: 'atende-sip-phone', mediaDevices: wrtc.mediaDevices };

const emit = (event: PhoneEvent) => process.send?.(event);
// SIP_PHONE_DEBUG=1 shows JsSIP's own trace (every message sent and received) on stderr.
if (process.env.SIP_PHONE_DEBUG) JsSIP.debug.enable('JsSIP:*');

const SAMPLE_RATE = 48_000;
const FRAME = SAMPLE_RATE / 100; // 10 ms

let ua: JsSIP.UA | null = null;
let session: RTCSession | null = null;
let config: PhoneConfig | null = null;
let toneTimer: NodeJS.Timeout | null = null;

/** A fresh microphone: a track fed with the phone's tone every 10 ms. */
function toneStream(hz: number): never {
  const source = new wrtc.nonstandard.RTCAudioSource();
  const track = source.createTrack();
  let phase = 0;
  if (toneTimer) clearInterval(toneTimer);
  toneTimer = setInterval(() => {
    const samples = new Int16Array(FRAME);
    for (let i = 0; i < FRAME; i++) {
      samples[i] = Math.round(Math.sin(phase) * 12_000);
      phase += (2 * Math.PI * hz) / SAMPLE_RATE;
    }
    source.onData({
      samples,
      sampleRate: SAMPLE_RATE,
      bitsPerSample: 16,
      channelCount: 1,
      numberOfFrames: FRAME,
    });
  }, 10);
  // JsSIP's types name the DOM's MediaStream; wrtc's is the same object under Node.
  return new wrtc.MediaStream([track]) as never;
}

/** Energy at `hz` by the Goertzel algorithm, over a block of samples. */
function goertzel(samples: Int16Array, hz: number, rate: number): number {
  const k = (2 * Math.PI * hz) / rate;
  const coeff = 2 * Math.cos(k);
  let s1 = 0;
  let s2 = 0;
  for (const sample of samples) {
    const s0 = sample + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coeff * s1 * s2;
}

function measure(hz: number, ms: number): void {
  const connection = session?.connection as unknown as
    InstanceType<typeof wrtc.RTCPeerConnection> | undefined;
  const receiver = connection
    ?.getReceivers()
    .find((candidate: { track?: { kind: string } | null }) => candidate.track?.kind === 'audio');
  if (!receiver) {
    emit({ type: 'measured', frames: 0, rms: 0, toneShare: 0 });
    return;
  }
  const sink = new wrtc.nonstandard.RTCAudioSink(receiver.track as never);
  let frames = 0;
  let sumSquares = 0;
  let count = 0;
  let toneEnergy = 0;
  let totalEnergy = 0;
  sink.ondata = (data: { samples: Int16Array; sampleRate: number; channelCount: number }) => {
    frames++;
    const mono =
      data.channelCount === 1
        ? data.samples
        : data.samples.filter((_, index) => index % data.channelCount === 0);
    for (const sample of mono) sumSquares += sample * sample;
    count += mono.length;
    // Parseval: a block's total energy is N/2 times the sum of squares; the tone's share compares the two.
    toneEnergy += goertzel(mono, hz, data.sampleRate);
    totalEnergy += (mono.length / 2) * mono.reduce((sum, sample) => sum + sample * sample, 0);
  };
  setTimeout(() => {
    sink.stop();
    emit({
      type: 'measured',
      frames,
      rms: count ? Math.sqrt(sumSquares / count) : 0,
      toneShare: totalEnergy ? toneEnergy / totalEnergy : 0,
    });
  }, ms);
}

function watch(current: RTCSession): void {
  session = current;
  // jssip ends a call whose hold or unhold re-INVITE failed. When the call was hung up meanwhile (the re-INVITE
  // left after the BYE, its offer slow to make on a loaded machine, and was refused), that ending threw inside a
  // SIP callback and took the whole phone down. Ending an ended call does nothing here.
  const terminate = current.terminate.bind(current);
  current.terminate = (options) => {
    if (!current.isEnded()) terminate(options);
  };
  current.on('progress', (event: { response?: { status_code?: number } }) =>
    emit({ type: 'progress', status: event.response?.status_code ?? null }),
  );
  current.on('accepted', () => emit({ type: 'accepted', callId: current.id }));
  current.on('confirmed', () => emit({ type: 'confirmed' }));
  current.on('ended', (event: { originator: string; cause: string }) => {
    if (session === current) session = null;
    emit({ type: 'ended', originator: event.originator, cause: event.cause });
  });
  current.on('failed', (event) => {
    if (session === current) session = null;
    const message = event.message as { status_code?: number } | undefined;
    emit({
      type: 'failed',
      originator: event.originator,
      cause: String(event.cause),
      status: message?.status_code ?? null,
    });
  });
  current.on('hold', (event: { originator: string }) => emit({ type: 'hold', originator: event.originator }));
  current.on('unhold', (event: { originator: string }) =>
    emit({ type: 'unhold', originator: event.originator }),
  );
  current.on('newDTMF', (event: { originator: string; dtmf: { tone: string } }) => {
    if (event.originator === 'remote') emit({ type: 'dtmf', tone: event.dtmf.tone });
  });
  // Transferred (RFC 3515): the phone calls where it is referred, its NOTIFYs telling the transferor how it goes.
  current.on('refer', (event) => {
    // JsSIP's types leave out the parsed Refer-To of the incoming request.
    const referTo = (event.request as unknown as { refer_to: { uri: { user: string } } }).refer_to;
    emit({ type: 'referred', target: referTo.uri.user });
    event.accept((next: RTCSession) => watch(next), callOptions());
  });
}

/** REFERs the other end of the call to `target`, telling how the transfer goes. */
function transfer(target: string): void {
  const refer =
    (phase: Extract<PhoneEvent, { type: 'refer' }>['phase']) => (event: Record<string, unknown>) => {
      const response = event.response as { status_code?: number } | null | undefined;
      const line = event.status_line as { status_code?: number } | undefined;
      emit({ type: 'refer', phase, status: Number(response?.status_code ?? line?.status_code ?? 0) || null });
    };
  session?.refer(target, {
    eventHandlers: {
      requestSucceeded: refer('requestSucceeded'),
      requestFailed: refer('requestFailed'),
      trying: refer('trying'),
      progress: refer('progress'),
      accepted: refer('accepted'),
      failed: refer('failed'),
    },
  });
}

const callOptions = () => ({
  mediaStream: toneStream(config!.toneHz),
  mediaConstraints: { audio: true, video: false },
  pcConfig: { iceServers: [] },
});

function start(given: PhoneConfig): void {
  config = given;
  ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(given.wsUrl)],
    uri: given.uri,
    password: given.password,
    authorization_user: given.authorizationUser,
    display_name: given.displayName,
    register: true,
    session_timers: false,
    connection_recovery_min_interval: 1,
    connection_recovery_max_interval: 2,
  });
  ua.on('registered', () => emit({ type: 'registered' }));
  ua.on('unregistered', () => emit({ type: 'unregistered' }));
  ua.on('registrationFailed', (event: { cause?: string }) =>
    emit({ type: 'registration_failed', cause: String(event.cause) }),
  );
  ua.on(
    'newRTCSession',
    (event: {
      originator: string;
      session: RTCSession;
      request: { call_id: string; from: { uri: { user: string } } };
    }) => {
      if (event.originator !== 'remote') return;
      watch(event.session);
      emit({ type: 'incoming', from: event.request.from.uri.user, callId: event.request.call_id });
    },
  );
  ua.start();
}

function run(command: PhoneCommand): void {
  switch (command.type) {
    case 'start':
      return start(command.config);
    case 'call':
      watch(ua!.call(command.target, { ...callOptions(), extraHeaders: command.headers ?? [] }));
      return;
    case 'answer':
      return session?.answer(callOptions());
    case 'reject':
      return session?.terminate({ status_code: command.status });
    case 'hangup':
      return session?.terminate();
    case 'hold':
      session?.hold();
      return;
    case 'unhold':
      session?.unhold();
      return;
    case 'dtmf':
      return session?.sendDTMF(command.tones);
    case 'transfer':
      return transfer(command.target);
    case 'measure':
      return measure(command.hz, command.ms);
    case 'stop':
      if (toneTimer) clearInterval(toneTimer);
      ua?.stop();
      // Let the un-REGISTER leave, then end without running wrtc's crashing teardown.
      setTimeout(() => process.exit(0), 300);
  }
}

process.on('message', (command: PhoneCommand) => {
  try {
    run(command);
  } catch (error) {
    emit({ type: 'error', message: String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
