// Inbound traffic at a fixed rate through a pluggable transport. Today's real inbound path is the server's
// local control socket (`inbound`, the ingest service every channel uses); the chat widget's socket or a
// provider webhook with a valid signature plugs in as another `InboundTransport` with the same message shape.
import { openControlClient } from '../../../apps/server/src/platform/control-socket.ts';
import type { SimulatedInbound } from '../../../apps/server/src/modules/demo/control.ts';

export type InboundMessage = SimulatedInbound;

export type InboundTransport = {
  name: string;
  /** Resolves once the product has accepted (stored) the message. */
  send(message: InboundMessage): Promise<void>;
  close(): void;
};

/** The control socket in the server's DATA_DIR: `npm run simulate`'s path into the ingest service. */
export async function controlSocketTransport(path: string): Promise<InboundTransport> {
  const client = await openControlClient(path);
  return {
    name: 'control socket → ingest',
    send: async (message) => void (await client.send('inbound', message)),
    close: () => client.close(),
  };
}

/**
 * Calls `send(i)` `rate` times a second for `durationMs` (open loop: a slow answer does not slow the senders,
 * as customers do not wait for each other) and resolves when every call has settled.
 */
export async function atRate(
  rate: number,
  durationMs: number,
  send: (i: number) => Promise<void>,
): Promise<{ sent: number; failed: number; firstError: string | null }> {
  const total = Math.max(1, Math.round((rate * durationMs) / 1000));
  const interval = 1000 / rate;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let failed = 0;
  let firstError: string | null = null;
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      send(i).catch((error: unknown) => {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }),
    );
  }
  await Promise.all(pending);
  return { sent: total, failed, firstError };
}
