// The user's pause as their other tabs change it: the realtime `pause.changed` of this user updates the
// signed-in user (supervisors also hear colleagues' pauses, which are not theirs to store).
import type { PauseChanged } from '@atende/contract';
import { useEffect } from 'react';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { storePause } from './pause-api.ts';

export function usePauseSync(): void {
  const socket = useRealtimeStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return undefined;
    const handleChange = (event: PauseChanged) => storePause(event.user_id, event.pause);
    socket.on('pause.changed', handleChange);
    return () => {
      socket.off('pause.changed', handleChange);
    };
  }, [socket]);
}
