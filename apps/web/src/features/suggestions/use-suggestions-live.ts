// Votes, new suggestions and moderation by colleagues appear without a reload: the server's suggestion.changed
// refreshes every wishlist page in the cache (counts and one's own vote differ per reader, hence a refetch).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { SUGGESTIONS_KEY } from './suggestion-api.ts';

export function useSuggestionsLive(): void {
  const client = useQueryClient();
  const socket = useRealtimeStore((state) => state.socket);
  const connections = useRealtimeStore((state) => state.connections);

  useEffect(() => {
    if (!socket) return undefined;
    const handleChanged = () => void client.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
    socket.on('suggestion.changed', handleChanged);
    return () => {
      socket.off('suggestion.changed', handleChanged);
    };
  }, [socket, client]);

  // After a reconnect, changes may have been missed.
  useEffect(() => {
    if (connections > 1) void client.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
  }, [connections, client]);
}
