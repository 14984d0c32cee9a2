// A running pause's time, ticking each second; red once past its reason's longest duration.
import { Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { elapsedSeconds, formatElapsed, overLimit } from './pause-clock.ts';
import { useNow } from './use-now.ts';

interface PauseTimerProps {
  pauseAt: string;
  maxMinutes: number | null;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}

export function PauseTimer({ pauseAt, maxMinutes, size = 'lg' }: PauseTimerProps) {
  const { t } = useTranslation();
  const seconds = elapsedSeconds(pauseAt, useNow());
  const exceeded = overLimit(seconds, maxMinutes);
  return (
    <Text
      size={size}
      fw={700}
      ff="monospace"
      c={exceeded ? 'red' : undefined}
      role="timer"
      aria-label={t(exceeded ? 'pause.timerExceeded' : 'pause.timer', { time: formatElapsed(seconds) })}
      data-testid="pause-timer"
      data-exceeded={exceeded || undefined}
    >
      {formatElapsed(seconds)}
    </Text>
  );
}
