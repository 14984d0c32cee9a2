// The new-message sound: a short two-note chime synthesised with Web Audio (no audio file to ship). Browsers
// only let a page make sound after the user interacted with it, so the audio context is opened on the first
// gesture (`unlockSound`) and the chime stays silent until then.
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
