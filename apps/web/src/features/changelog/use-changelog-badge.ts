// The "what's new" badge: how many versions came since the user last opened the changelog, and whether they see
// it at all (product settings). A publication elsewhere reaches it live (changelog.published), and again after
// a reconnect.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { CHANGELOG_KEY, changelogStatusQuery } from './changelog-api.ts';

export function useChangelogBadge(): { visible: boolean; unseen: number } {
  const client = useQueryClient();
  const socket = useRealtimeStore((state) => state.socket);
  const connections = useRealtimeStore((state) => state.connections);
  const status = useQuery(changelogStatusQuery());

  useEffect(() => {
    if (!socket) return undefined;
    const handlePublished = () => void client.invalidateQueries({ queryKey: CHANGELOG_KEY });
    socket.on('changelog.published', handlePublished);
    return () => {
      socket.off('changelog.published', handlePublished);
    };
  }, [socket, client]);

  useEffect(() => {
    if (connections > 1) void client.invalidateQueries({ queryKey: CHANGELOG_KEY });
  }, [connections, client]);

  return { visible: status.data?.visible ?? false, unseen: status.data?.unseen ?? 0 };
}
