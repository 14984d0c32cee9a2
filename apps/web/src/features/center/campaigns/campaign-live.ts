// Keeps the Center's campaign pages current: the Center has no console connection, so they open their own
// realtime link and read every campaign entry again on `campaign.changed` and every (re)connect (events may
// have been missed meanwhile), at most twice a second however busy the dialer is.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openRealtime } from '../../../lib/realtime.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { CAMPAIGNS_KEY } from './campaign-api.ts';

export const CAMPAIGN_REFRESH_GAP_MS = 500;

export function useCampaignsLive(): void {
  const client = useQueryClient();
  const token = useSessionStore((state) => state.token);
  useEffect(() => {
    if (!token) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      }, CAMPAIGN_REFRESH_GAP_MS);
    };
    // A refused token: the refetch answers 401, which ends the session as every other call does.
    const connection = openRealtime({ token, onConnect: refresh, onAuthRefused: refresh });
    connection.socket.on('campaign.changed', refresh);
    connection.socket.on('resync', refresh);
    return () => {
      if (timer) clearTimeout(timer);
      connection.close();
    };
  }, [token, client]);
}
