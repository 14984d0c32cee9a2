// Probes the realtime connection every few seconds: a `ping` whose ack carries the server's clock; the round
// trip (or a loss, when unanswered or disconnected) goes to the latency history.
import { LATENCY_PROBE_INTERVAL_MS, LATENCY_PROBE_TIMEOUT_MS } from '@atende/contract';
import { useEffect } from 'react';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { recordLatency } from './latency-store.ts';

export function useLatencyProbe(): void {
  const socket = useRealtimeStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return undefined;
    const probe = () => {
      if (!socket.connected) {
        recordLatency(null);
        return;
      }
      const sent = Date.now();
      const started = performance.now();
      socket.timeout(LATENCY_PROBE_TIMEOUT_MS).emit('ping', (error: Error | null, serverTime: number) => {
        if (error) return recordLatency(null);
        const ms = Math.round(performance.now() - started);
        // The server read its clock about halfway through the round trip.
        recordLatency(ms, Date.now(), Math.round(serverTime - (sent + ms / 2)));
      });
    };
    const timer = setInterval(probe, LATENCY_PROBE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [socket]);
}
