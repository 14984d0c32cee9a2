// The live monitor's snapshot (GET /api/monitor), kept live while the page shows it: the Center has no console
// connection, so the page opens its own realtime link and reads the snapshot again on every monitor.changed
// (at most twice a second, however busy the company) and every (re)connect, when events may have been missed.
import type { MonitorSnapshot } from '@atende/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/http.ts';
import { openRealtime } from '../../../lib/realtime.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

export const monitorKey = ['center', 'monitor'] as const;

export const monitorQuery = queryOptions({
  queryKey: monitorKey,
  queryFn: () => http.get<MonitorSnapshot>('/monitor'),
});

/** The snapshot is read again at most this often. */
export const MONITOR_REFRESH_GAP_MS = 500;

export function useMonitorLive(): void {
  const client = useQueryClient();
  const token = useSessionStore((state) => state.token);
  useEffect(() => {
    if (!token) return undefined;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const fetchNow = () => {
      timer = null;
      last = Date.now();
      void client.invalidateQueries({ queryKey: monitorKey });
    };
    // The first change is read at once; those that follow within the gap share one read at its end.
    const refresh = () => {
      if (timer) return;
      const wait = MONITOR_REFRESH_GAP_MS - (Date.now() - last);
      if (wait <= 0) fetchNow();
      else timer = setTimeout(fetchNow, wait);
    };
    // A refused token: the refetch answers 401, which ends the session as every other call does.
    const connection = openRealtime({ token, onConnect: refresh, onAuthRefused: refresh });
    connection.socket.on('monitor.changed', refresh);
    connection.socket.on('resync', refresh);
    return () => {
      if (timer) clearTimeout(timer);
      connection.close();
    };
  }, [token, client]);
}

/** Seconds from `since` to `now` (the browser's clock corrected by `skewMs`, server minus browser). */
export const secondsSince = (since: string, now: number, skewMs: number): number =>
  Math.max(0, Math.floor((now + skewMs - Date.parse(since)) / 1000));
