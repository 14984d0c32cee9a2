// The unread counter of the tab title: the unread messages of every contact the console holds (lists,
// searches, waiting queue, open contacts, and what realtime events said), kept current as the cache changes.
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setTitleCounter } from '../../lib/document-title.ts';
import { totalUnread } from '../contacts/contact-cache.ts';
import { contactKeys } from '../../lib/contact-keys.ts';

/** Counting walks every cached row: done at most this often while the cache changes. */
const RECOUNT_DELAY_MS = 200;

export function useUnreadTitle(client: QueryClient, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const recount = () => {
      timer = null;
      setTitleCounter(totalUnread(client));
    };
    recount();
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (timer || event.query.queryKey[0] !== contactKeys.all[0]) return;
      timer = setTimeout(recount, RECOUNT_DELAY_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [client, enabled]);
}
