// LISTEN on PostgreSQL: one dedicated connection per channel (a pooled connection may not stay subscribed),
// re-established after a loss. Notifications sent while no connection listens are lost, so the listener is told
// when it is deaf and when it hears again.
import pg from 'pg';

export type NotificationListener = {
  notify(payload: string): void;
  /** false from the loss of the connection until listening again, true once subscribed. */
  live(listening: boolean): void;
};

export type Listening = { close(): Promise<void> };

const RETRY_MS = 1_000;
const KEEPALIVE_MS = 10_000;

export async function listenPostgres(
  url: string,
  channel: string,
  listener: NotificationListener,
  retryMs = RETRY_MS,
): Promise<Listening> {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // Keepalive probes notice a connection that died without a word (a dropped network path), which would
    // otherwise leave the listener deaf without knowing it.
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_MS,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) {
        current = null;
        listener.live(false);
      }
      client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), retryMs);
    };
    client.on('notification', (message) => {
      if (message.channel === channel) listener.notify(message.payload ?? '');
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return;
    }
    if (closed || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    listener.live(true);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      listener.live(false);
      await client?.end().catch(() => undefined);
    },
  };
}
