// What the provider is asked for each enhancement action. The conversation's last messages go along for tone
// only (the provider is told not to answer them); the draft is the only thing to rewrite.
import type { EnhancementAction } from '@atende/contract';
import type { ChatMessage } from './provider.ts';

const TASKS: Record<EnhancementAction, string> = {
  fix: 'Fix spelling, grammar and punctuation only. Keep the wording, tone and language as they are.',
  formal: 'Rewrite it in a more formal, professional tone. Keep its meaning and its language.',
  friendly: 'Rewrite it in a warmer, friendlier tone. Keep its meaning and its language.',
  shorter: 'Make it shorter and more direct, keeping every piece of information. Keep its language.',
  clearer: 'Rewrite it to be clearer and easier to understand. Keep its meaning and its language.',
  translate:
    'Translate it into the language the customer writes in (see their messages). If the customer has not ' +
    'written yet, keep the draft’s language.',
};

export type ContextLine = { direction: 'in' | 'out'; text: string };

export function enhancementPrompt(
  action: EnhancementAction,
  draft: string,
  context: ContextLine[],
): ChatMessage[] {
  const system =
    'You help a customer-service attendant improve a reply before it is sent. ' +
    `${TASKS[action]} Keep links, e-mail addresses, numbers and {{placeholders}} exactly as written. ` +
    'Answer with the rewritten message only: no quotes, no notes, no greeting that was not in the draft.';
  const messages: ChatMessage[] = [{ role: 'system', content: system }];
  if (context.length > 0) {
    const lines = context.map(
      (line) => `${line.direction === 'in' ? 'Customer' : 'Attendant'}: ${line.text}`,
    );
    messages.push({
      role: 'system',
      content: `The conversation so far, for tone and language only (do not answer it):\n${lines.join('\n')}`,
    });
  }
  messages.push({ role: 'user', content: draft });
  return messages;
}
