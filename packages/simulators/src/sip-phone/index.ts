// A simulated SIP phone (a customer's, or an operator's in server tests): a child process running JsSIP with
// @roamhq/wrtc (child.ts), driven by commands and answering with events. It registers, calls, answers,
// rejects, hangs up, holds, sends DTMF, transfers (REFER) or follows a transfer, plays a tone and measures what
// it hears.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PhoneCommand, PhoneConfig, PhoneEvent } from './protocol.ts';

export type { PhoneConfig, PhoneEvent } from './protocol.ts';

type Waiter = { match(event: PhoneEvent): boolean; resolve(event: PhoneEvent): void };

export class SipPhone {
  readonly events: PhoneEvent[] = [];
  private readonly child: ChildProcess;
  private waiters: Waiter[] = [];
  private readonly listeners = new Set<(event: PhoneEvent) => void>();
  private seen = 0;

  constructor(readonly config: PhoneConfig) {
    this.child = fork(fileURLToPath(new URL('./child.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.child.on('message', (event: PhoneEvent) => {
      this.events.push(event);
      for (const listener of this.listeners) listener(event);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(event)) return true;
        waiter.resolve(event);
        return false;
      });
    });
    this.send({ type: 'start', config });
  }

  private send(command: PhoneCommand): void {
    // A phone whose process is gone (Ctrl+C reaches the whole process group) takes no more commands.
    if (this.child.connected) this.child.send(command);
  }

  /**
   * The next event of `type` after the last one waited for (an event that came meanwhile counts), so a test
   * reads a call's events in order.
   */
  next<T extends PhoneEvent['type']>(type: T, timeoutMs = 15_000): Promise<Extract<PhoneEvent, { type: T }>> {
    const index = this.events.findIndex((event, position) => position >= this.seen && event.type === type);
    if (index >= 0) {
      this.seen = index + 1;
      return Promise.resolve(this.events[index] as Extract<PhoneEvent, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `${this.config.uri}: no ${type} within ${timeoutMs} ms (saw ${this.events.map((event) => event.type).join(', ')})`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        match: (event) => event.type === type,
        resolve: (event) => {
          clearTimeout(timer);
          this.seen = this.events.length;
          resolve(event as Extract<PhoneEvent, { type: T }>);
        },
      });
    });
  }

  /** Calls `listener` with every event from now on (a phone driven by rules, not a test); answers its stop. */
  listen(listener: (event: PhoneEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  call(target: string, headers?: string[]): void {
    this.send({ type: 'call', target, ...(headers ? { headers } : {}) });
  }
  answer(): void {
    this.send({ type: 'answer' });
  }
  reject(status = 603): void {
    this.send({ type: 'reject', status });
  }
  hangup(): void {
    this.send({ type: 'hangup' });
  }
  hold(): void {
    this.send({ type: 'hold' });
  }
  unhold(): void {
    this.send({ type: 'unhold' });
  }
  dtmf(tones: string): void {
    this.send({ type: 'dtmf', tones });
  }
  /** Blind transfer: REFERs the other end to `target` (a SIP URI). */
  transfer(target: string): void {
    this.send({ type: 'transfer', target });
  }

  /** What the phone hears during `ms`, and how much of it is a tone of `hz`. */
  async measure(hz: number, ms = 1_000) {
    this.send({ type: 'measure', hz, ms });
    return this.next('measured', ms + 5_000);
  }

  /** Unregisters and ends the child process. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send({ type: 'stop' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), this.child.connected ? 3_000 : 0);
    await exited;
    clearTimeout(timer);
  }
}
