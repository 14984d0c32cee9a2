// Who of the company is paused now (GET /api/center/pauses), kept live while the Center shows it: the Center
// has no console connection, so the board opens its own realtime link and refetches on every pause.changed
// and every (re)connect (events may have been missed meanwhile).
import type { ActivePauseList } from '@atende/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/http.ts';
import { openRealtime } from '../../../lib/realtime.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

export const pausedNowKey = ['center', 'pauses'] as const;

export const pausedNowQuery = queryOptions({
  queryKey: pausedNowKey,
  queryFn: () => http.get<ActivePauseList>('/center/pauses'),
});

export function usePausedNowLive(): void {
  const client = useQueryClient();
  const token = useSessionStore((state) => state.token);
  useEffect(() => {
    if (!token) return undefined;
    const refresh = () => void client.invalidateQueries({ queryKey: pausedNowKey });
    // A refused token: the refetch answers 401, which ends the session as every other call does.
    const connection = openRealtime({ token, onConnect: refresh, onAuthRefused: refresh });
    connection.socket.on('pause.changed', refresh);
    return () => connection.close();
  }, [token, client]);
}
