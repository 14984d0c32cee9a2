// Flood limits of the widget's visitors: anyone on a customer's site can open a socket, so every message and
// file a visitor sends first spends a token of their own bucket (a human's pace) and of their widget's (a busy
// site's), before anything is stored or reaches the console. Refused, it costs one bucket check and answers
// `too_many_messages`; the widget keeps the text for the visitor to send again. Typing notices, relayed to the
// console, are thinned the same way for the visitor as a whole (however many sockets they open).
import { AppError } from '../../platform/errors.ts';
import type { TokenBucketRule, TokenBuckets } from '../../platform/token-bucket.ts';
import type { VisitorSocketData } from './relay.ts';

/** A visitor's typing notices reach the console once every 2 s (the widget's own pace), after a couple at
 * once: the slack keeps a notice that arrives a little early (network jitter) from being dropped. */
const TYPING: TokenBucketRule = { burst: 2, perSecond: 0.5 };

export type WidgetFloodDeps = {
  buckets: TokenBuckets;
  config: { widgetFlood: { visitor: TokenBucketRule; widget: TokenBucketRule } };
};

/** Spends the visitor's and their widget's token for one message, or refuses it (429, with when to retry). */
export async function admitVisitorMessage(deps: WidgetFloodDeps, visitor: VisitorSocketData): Promise<void> {
  const { visitor: perVisitor, widget: perWidget } = deps.config.widgetFlood;
  const answer = await deps.buckets.take([
    // The channel is the visitor (all their tabs and sockets, on every process); the account is the widget key.
    { key: `widget-visitor:${visitor.channelId}`, rule: perVisitor },
    { key: `widget-key:${visitor.accountId}`, rule: perWidget },
  ]);
  if (answer.taken) return;
  const seconds = Math.max(1, Math.ceil(answer.retryInMs / 1000));
  throw new AppError('too_many_messages', 429, {}, { 'retry-after': String(seconds) });
}

/** Whether a typing notice of the visitor may reach the console now (else it is dropped: the next one will). */
export async function admitVisitorTyping(
  deps: WidgetFloodDeps,
  visitor: VisitorSocketData,
): Promise<boolean> {
  const answer = await deps.buckets.take([{ key: `widget-typing:${visitor.channelId}`, rule: TYPING }]);
  return answer.taken;
}
