// The side panel's width while the attendant resizes it: on screen at every step, saved on the server once they
// stop (a drag moves it hundreds of times), and saved at once when the panel goes away mid-change.
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useState } from 'react';

export const WIDTH_SAVE_DELAY_MS = 600;

export function usePanelWidth(
  saved: number,
  save: (width: number) => void,
): [number, (width: number) => void] {
  const [draft, setDraft] = useState<number | null>(null);
  const saveLater = useDebouncedCallback(save, { delay: WIDTH_SAVE_DELAY_MS, flushOnUnmount: true });
  const change = useCallback(
    (width: number) => {
      setDraft(width);
      saveLater(width);
    },
    [saveLater],
  );
  return [draft ?? saved, change];
}
