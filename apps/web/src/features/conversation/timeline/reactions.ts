// Reactions of a message as the bubble shows them: one chip per emoji with how many reacted and whether the
// current user is among them, in the order the emojis first appeared; and the toggle that updates the cache.
import type { Message } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notifyError } from '../../../lib/notify.ts';
import { errorText } from '../../../lib/error-text.ts';
import { toggleReaction } from './message-api.ts';
import { addMessage } from './timeline-queries.ts';

/** The handful of emojis the picker offers (no emoji library: the conversation chunk stays small). */
export const QUICK_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🙏', '✅', '👀'] as const;

export interface ReactionCount {
  emoji: string;
  count: number;
  mine: boolean;
}

export function countReactions(reactions: Message['reactions'], userId: string | null): ReactionCount[] {
  const counts = new Map<string, ReactionCount>();
  for (const reaction of reactions) {
    const entry = counts.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, mine: false };
    entry.count += 1;
    entry.mine ||= userId !== null && reaction.user_id === userId;
    counts.set(reaction.emoji, entry);
  }
  return [...counts.values()];
}

/** Toggles the user's reaction; the server's message replaces the cached one (colleagues get it live). */
export function useToggleReaction(message: Message): (emoji: string) => void {
  const client = useQueryClient();
  return useCallback(
    (emoji: string) => {
      toggleReaction(message.contact_id, message.id, emoji)
        .then((updated) => addMessage(client, updated))
        .catch((error: unknown) => notifyError(errorText(error)));
    },
    [client, message.contact_id, message.id],
  );
}
