// Rows of `phrases` as the contract's Phrase, with whether the reader may change it.
import type { Phrase } from '@atende/contract';
import { phrases } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { mayEditPhrase } from './policy.ts';

/** The columns a phrase is presented from. */
export const phraseColumns = { id: phrases.id, text: phrases.text, authorId: phrases.authorId };
export type PhraseRow = { id: string; text: string; authorId: string | null };

export const presentPhrase = (reader: AuthContext, row: PhraseRow): Phrase => ({
  id: row.id,
  text: row.text,
  author_id: row.authorId,
  editable: mayEditPhrase(reader, row),
});
