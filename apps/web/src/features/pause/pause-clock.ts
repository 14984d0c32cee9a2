// How long a pause has lasted, as the sidebar's timer shows it (m:ss under an hour, h:mm:ss after), and
// whether it went past its reason's longest duration.

/** Whole seconds from `pauseAt` to `now` (never negative: the browser's clock may be behind the server's). */
export const elapsedSeconds = (pauseAt: string, now: number): number =>
  Math.max(0, Math.floor((now - Date.parse(pauseAt)) / 1000));

const twoDigits = (value: number) => String(value).padStart(2, '0');

export function formatElapsed(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0
    ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}`
    : `${twoDigits(minutes)}:${twoDigits(rest)}`;
}

/** Past the reason's limit (null: none): the timer turns red, nothing ends the pause by itself. */
export const overLimit = (seconds: number, maxMinutes: number | null): boolean =>
  maxMinutes !== null && seconds > maxMinutes * 60;
