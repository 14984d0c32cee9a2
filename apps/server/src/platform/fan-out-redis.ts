// The Redis clients of the Socket.IO adapter (distributed mode). The adapter fires its PUBLISH commands and
// never looks at their promises, so a failed one — Redis unreachable, or an emit that a disconnecting socket
// caused after shutdown quit the clients — was an unhandled rejection, which ends a Node process. Here a
// failed publish is reported instead: warned about at most once per interval while the process runs, ignored
// once it is shutting down (the emit had no one left to reach). Events published while either client was
// away never reached some sockets: once both are back, `onRecovered` says so (the realtime server has every
// client resync).
import { Redis } from 'ioredis';
import { watchOutages, type OutageLog } from './redis-outages.ts';

/** A Redis outage fails every emit: one warning per this interval, with the count of the others. */
export const PUBLISH_WARNING_INTERVAL_MS = 10_000;

export type FanOutClients = {
  publisher: Redis;
  subscriber: Redis;
  quit(): Promise<void>;
};

type Publish = (channel: string | Buffer, message: string | Buffer) => Promise<number>;

export type FanOutWatch = {
  onPublishFailed: (error: Error, alsoFailed: number) => void;
  log: OutageLog;
  onRecovered: () => void;
};

export function fanOutClients(redisUrl: string, watch: FanOutWatch): FanOutClients {
  const publisher = new Redis(redisUrl);
  const subscriber = publisher.duplicate();
  // Told once both are back: the second to return tells it. The subscriber resubscribes right after its
  // 'ready'; a PING queued behind those commands answers once the adapter hears the other processes again.
  const recovered = () => {
    if (publisher.status !== 'ready' || subscriber.status !== 'ready') return;
    setImmediate(() => {
      subscriber.ping().then(watch.onRecovered, () => undefined);
    });
  };
  watchOutages(publisher, 'fan-out publisher', watch.log, recovered);
  watchOutages(subscriber, 'fan-out subscriber', watch.log, recovered);
  let quitting = false;
  let warnedAt = -Infinity;
  let unreported = 0;
  const failed = (error: Error) => {
    if (quitting) return;
    const now = Date.now();
    if (now - warnedAt < PUBLISH_WARNING_INTERVAL_MS) {
      unreported++;
      return;
    }
    watch.onPublishFailed(error, unreported);
    warnedAt = now;
    unreported = 0;
  };
  const publish = publisher.publish.bind(publisher) as Publish;
  const reported: Publish = (channel, message) => {
    const sent = publish(channel, message);
    sent.catch(failed);
    return sent;
  };
  publisher.publish = reported as Redis['publish'];
  return {
    publisher,
    subscriber,
    async quit() {
      quitting = true;
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
