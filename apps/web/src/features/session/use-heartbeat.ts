// Runs the heartbeat while the Live console is mounted and reports whether the connection was lost.
import type { HeartbeatResponse } from '@atende/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '../../lib/http.ts';
import { createHeartbeat, type Heartbeat } from './heartbeat.ts';

export interface HeartbeatState {
  lost: boolean;
  retrying: boolean;
  retry: () => void;
}

export function useHeartbeat(enabled: boolean): HeartbeatState {
  const [lost, setLost] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const heartbeat = useRef<Heartbeat | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    const instance = createHeartbeat({
      beat: () => http.post<HeartbeatResponse>('/heartbeat', undefined, { notify: false }),
      onLost: () => setLost(true),
      onRestored: () => setLost(false),
    });
    heartbeat.current = instance;
    instance.start();
    return () => {
      instance.stop();
      heartbeat.current = null;
    };
  }, [enabled]);

  const retry = useCallback(() => {
    const instance = heartbeat.current;
    if (!instance) return;
    setRetrying(true);
    void instance.retry().finally(() => setRetrying(false));
  }, []);

  return { lost, retrying, retry };
}
