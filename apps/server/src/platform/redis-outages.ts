// Every ioredis client of the server goes through here. A client with no 'error' listener prints "Unhandled
// error event" on every reconnection attempt (a dozen per process in a 5 s outage); here the first error of an
// outage is warned about once, the return is told once, and whoever needs to know hears it has recovered
// (the realtime fan-out tells its clients to resync what they missed meanwhile).
import type { Redis } from 'ioredis';

export type OutageLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

export function watchOutages(
  client: Redis,
  name: string,
  log: OutageLog,
  onRecovered: () => void = () => undefined,
): void {
  let ready = false;
  /** The connection was lost after having been ready: the next 'ready' is a recovery. */
  let lost = false;
  let warned = false;
  client.on('close', () => {
    lost ||= ready;
    ready = false;
  });
  client.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: error, redis: name }, 'Redis unreachable: retrying until it is back');
  });
  client.on('ready', () => {
    ready = true;
    warned = false;
    if (!lost) return;
    lost = false;
    log.info({ redis: name }, 'Redis reachable again');
    onRecovered();
  });
}
