// Keeps the widget's file links working: signed addresses expire (FILE_URL_TTL_HOURS on the server), so a little
// before the first of them does, the widget syncs again from the message just before the one that carries it
// and the answer's fresh addresses replace the old ones (as the console does, with the widget's only call).
import { renewalDelay, type WidgetMessage } from '@atende/contract';

/** When to sync, from which message (null: the latest page), and which links that renews. */
export type Renewal = { delay: number; after: string | null; links: string };

/**
 * The next renewal among `sorted` (oldest first), or null when no link expires. Links in `tried` were renewed
 * once and came back the same (our clock runs ahead, or the message is out of the page): skipped, so nothing
 * loops and the later ones still get their turn.
 */
export function nextRenewal(
  sorted: readonly WidgetMessage[],
  tried: ReadonlySet<string> = new Set(),
  now = Date.now(),
): Renewal | null {
  let next: Renewal | null = null;
  for (const [index, message] of sorted.entries()) {
    const urls = message.attachments.map((file) => file.url);
    const links = urls.join(' ');
    const delay = renewalDelay(urls, now);
    if (delay === null || tried.has(links) || (next && next.delay <= delay)) continue;
    next = { delay, after: sorted[index - 1]?.id ?? null, links };
  }
  return next;
}
