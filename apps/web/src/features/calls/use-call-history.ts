// A call history's state: the filters as typed and as last sent (a backwards period or too short a number is
// not sent: the list keeps what it showed while the field says what to fix), the number debounced, and the
// calls changing live (realtime `call.changed`) while it is open.
import { DEFAULT_TIMEZONE, type CallRecord } from '@atende/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { callParams, NO_CALL_FILTERS, unfinished, type CallHistoryFilters } from './call-filters.ts';
import { applyCallChange } from './call-history-api.ts';

const NUMBER_DELAY_MS = 300;

export function useCallFilters() {
  const timeZone = useCurrentUser()?.timezone ?? DEFAULT_TIMEZONE;
  const [filters, setFilters] = useState<CallHistoryFilters>(NO_CALL_FILTERS);
  const [applied, setApplied] = useState<CallHistoryFilters>(NO_CALL_FILTERS);
  const [number] = useDebouncedValue(applied.number, NUMBER_DELAY_MS);
  const change = (next: CallHistoryFilters) => {
    setFilters(next);
    if (!unfinished(next)) setApplied(next);
  };
  return { filters, applied, change, params: callParams({ ...applied, number }, timeZone) };
}

/** Calls that change while a history is open patch it (or have it asked again when new). */
export function useLiveCalls(): void {
  const client = useQueryClient();
  const socket = useRealtimeStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return undefined;
    const handle = (call: CallRecord) => applyCallChange(client, call);
    socket.on('call.changed', handle);
    return () => {
      socket.off('call.changed', handle);
    };
  }, [socket, client]);
}
