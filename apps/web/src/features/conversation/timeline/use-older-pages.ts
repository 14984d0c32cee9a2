// Loading the conversation's older pages from the timeline: one request at a time, with whether one is under
// way for the loader. The timeline asks for the next page as soon as one lands while the user is still near
// the top; the guard is free again by then (the query cache renders a page a task after it is written).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { loadOlder } from './timeline-queries.ts';

export function useOlderPages(contactId: string): { loading: boolean; loadMore: () => void } {
  const client = useQueryClient();
  const [loading, setLoading] = useState(false);
  // State updates only after a render: two calls in one tick would both see `loading` false.
  const inFlight = useRef(false);
  const loadMore = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    loadOlder(client, contactId)
      .catch(() => undefined)
      .finally(() => {
        inFlight.current = false;
        setLoading(false);
      });
  }, [client, contactId]);
  return { loading, loadMore };
}
