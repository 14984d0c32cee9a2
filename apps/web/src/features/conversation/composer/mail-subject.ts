// The subject of an e-mail reply (spec messageFooter.subject): prefilled "Re: <subject>" from the customer's
// last e-mail on the channel being answered, until the attendant edits it; required and at most
// EMAIL_SUBJECT_MAX characters.
import { EMAIL_SUBJECT_MAX, type Item } from '@atende/contract';
import { useState } from 'react';

const REPLY_PREFIX = /^\s*re\s*:/i;

export const replySubject = (subject: string): string =>
  (REPLY_PREFIX.test(subject) ? subject.trim() : `Re: ${subject.trim()}`).slice(0, EMAIL_SUBJECT_MAX);

/** "Re: …" of the newest e-mail the customer sent on the channel (items are newest first), or null. */
export function replySubjectFor(items: readonly Item[], channelId: string | null): string | null {
  if (!channelId) return null;
  for (const item of items) {
    if (item.type !== 'message') continue;
    const { message } = item;
    if (message.direction === 'in' && message.channel.id === channelId && message.subject?.trim()) {
      return replySubject(message.subject);
    }
  }
  return null;
}

/** The footer's subject: the prefill until the user types; `reset` goes back to the prefill after a send. */
export function useMailSubject(prefill: string | null) {
  const [typed, setTyped] = useState<string | null>(null);
  return {
    value: typed ?? prefill ?? '',
    change: setTyped,
    reset: () => setTyped(null),
  };
}
