// The Redis clients of the Socket.IO adapter (distributed mode). The adapter fires its PUBLISH commands and
// never looks at their promises, so a failed one — Redis unreachable, or an emit that a disconnecting socket
// caused after shutdown quit the clients — was an unhandled rejection, which ends a Node process. Here a
// failed publish is reported instead: warned about at most once per interval while the process runs, ignored
// once it is shutting down (the emit had no one left to reach).
import { Redis } from 'ioredis';

/** A Redis outage fails every emit: one warning per this interval, with the count of the others. */
export const PUBLISH_WARNING_INTERVAL_MS = 10_000;

export type FanOutClients = {
  publisher: Redis;
  subscriber: Redis;
  quit(): Promise<void>;
};

type Publish = (channel: string | Buffer, message: string | Buffer) => Promise<number>;

export function fanOutClients(
  redisUrl: string,
  onPublishFailed: (error: Error, alsoFailed: number) => void,
): FanOutClients {
  const publisher = new Redis(redisUrl);
  const subscriber = publisher.duplicate();
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
    onPublishFailed(error, unreported);
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
