// One enhancement of the draft at a time: the suggestion grows as its pieces arrive, a new request (or closing
// the dialog) cancels the one under way, and a failure keeps its translated message for the dialog.
import type { EnhancementAction, EnhancementMode, ChannelKind, Language } from '@atende/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/error-text.ts';
import { streamEnhancement } from './enhancement-api.ts';

export type EnhancementState = {
  suggestion: string;
  mode: EnhancementMode | null;
  streaming: boolean;
  error: string | null;
};

const IDLE: EnhancementState = { suggestion: '', mode: null, streaming: false, error: null };

export function useEnhancement(contactId: string) {
  const [state, setState] = useState<EnhancementState>(IDLE);
  const running = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const start = useCallback(
    (input: { action: EnhancementAction; text: string; channel: ChannelKind; language: Language }) => {
      cancel();
      const controller = new AbortController();
      running.current = controller;
      setState({ ...IDLE, streaming: true });
      streamEnhancement(
        contactId,
        input,
        (event) => {
          if (controller.signal.aborted) return;
          setState((current) => {
            if (event.type === 'delta') return { ...current, suggestion: current.suggestion + event.text };
            if (event.type === 'done') return { ...current, mode: event.mode, streaming: false };
            return { ...current, error: event.message, streaming: false };
          });
        },
        controller.signal,
      )
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState((current) => ({ ...current, error: errorText(error), streaming: false }));
        })
        .finally(() => {
          if (running.current === controller) running.current = null;
          setState((current) => (current.streaming ? { ...current, streaming: false } : current));
        });
    },
    [cancel, contactId],
  );

  const edit = useCallback((suggestion: string) => setState((current) => ({ ...current, suggestion })), []);
  const reset = useCallback(() => {
    cancel();
    setState(IDLE);
  }, [cancel]);

  return { state, start, edit, reset };
}
