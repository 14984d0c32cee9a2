// The new-message sound: a short two-note chime synthesised with Web Audio (no audio file to ship). Browsers
// only let a page make sound after the user interacted with it, so the audio context is opened on the first
// gesture (`unlockSound`) and the chime stays silent until then. The softphone's ringtone (a looping
// telephone ring, also synthesised) uses the same context.
let context: AudioContext | null = null;

const audioSupported = (): boolean => typeof window !== 'undefined' && 'AudioContext' in window;

/** Opens (or resumes) the audio context; call it from a user gesture. */
export function unlockSound(): void {
  if (!audioSupported()) return;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
}

const NOTES: readonly { frequency: number; start: number }[] = [
  { frequency: 880, start: 0 },
  { frequency: 1318.5, start: 0.12 },
];
const NOTE_SECONDS = 0.22;

export function playNotificationSound(): boolean {
  if (!context || context.state !== 'running') return false;
  const now = context.currentTime;
  for (const note of NOTES) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = note.frequency;
    gain.gain.setValueAtTime(0.0001, now + note.start);
    gain.gain.exponentialRampToValueAtTime(0.2, now + note.start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + note.start + NOTE_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + note.start);
    oscillator.stop(now + note.start + NOTE_SECONDS);
  }
  return true;
}

/** A telephone ring: two 0.4 s bursts of a 440 + 480 Hz dual tone, repeated every 3 s (the North-American
 * cadence most softphones imitate). */
const RING_TONES = [440, 480] as const;
const RING_BURSTS = [0, 0.6] as const;
const RING_BURST_SECONDS = 0.4;
export const RING_PERIOD_MS = 3_000;

function ringOnce(audio: AudioContext): void {
  const now = audio.currentTime;
  for (const start of RING_BURSTS) {
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.02);
    gain.gain.setValueAtTime(0.12, now + start + RING_BURST_SECONDS - 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + RING_BURST_SECONDS);
    gain.connect(audio.destination);
    for (const frequency of RING_TONES) {
      const oscillator = audio.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(now + start);
      oscillator.stop(now + start + RING_BURST_SECONDS);
    }
  }
}

/**
 * Rings until the returned function is called (each burst is scheduled when its period starts, so stopping
 * leaves at most the current one to finish). Silent while the audio context is not unlocked: the ring then
 * starts at the next period once it is.
 */
export function startRingtone(): () => void {
  const ring = () => {
    if (context?.state === 'running') ringOnce(context);
  };
  ring();
  const timer = setInterval(ring, RING_PERIOD_MS);
  return () => clearInterval(timer);
}
