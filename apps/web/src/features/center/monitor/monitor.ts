// The live monitor's snapshot (GET /api/monitor), kept live while the page shows it: the Center has no console
// connection, so the page opens its own realtime link; each monitor.changed brings the fresh snapshot itself
// (the server reads it once for every supervisor watching), monitor.queue the queue's part when only the queue
// changed, and every (re)connect reads it again, since changes may have been missed meanwhile.
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

export function useMonitorLive(): void {
  const client = useQueryClient();
  const token = useSessionStore((state) => state.token);
  useEffect(() => {
    if (!token) return undefined;
    const readAgain = () => void client.invalidateQueries({ queryKey: monitorKey });
    // A refused token: the read answers 401, which ends the session as every other call does.
    const connection = openRealtime({ token, onConnect: readAgain, onAuthRefused: readAgain });
    connection.socket.on('monitor.changed', (snapshot) => client.setQueryData(monitorKey, snapshot));
    // Only the queue changed: its part replaces the shown one (before the first read there is none to patch).
    connection.socket.on('monitor.queue', (part) =>
      client.setQueryData<MonitorSnapshot>(monitorKey, (shown) => (shown ? { ...shown, ...part } : shown)),
    );
    connection.socket.on('resync', readAgain);
    return () => connection.close();
  }, [token, client]);
}

/** Seconds from `since` to `now` (the browser's clock corrected by `skewMs`, server minus browser). */
export const secondsSince = (since: string, now: number, skewMs: number): number =>
  Math.max(0, Math.floor((now + skewMs - Date.parse(since)) / 1000));
