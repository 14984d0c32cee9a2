// Rows of `phrases` (own) and `company_phrases` as the contract's Phrase, with whether the reader may change it.
import type { Phrase } from '@atende/contract';
import { companyPhrases, phrases } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { mayEditPhrase } from './policy.ts';

/** The columns an own phrase is presented from. */
export const phraseColumns = { id: phrases.id, text: phrases.text, authorId: phrases.authorId };
export type PhraseRow = { id: string; text: string; authorId: string | null };

/** The columns a company phrase is presented from. */
export const companyPhraseColumns = {
  id: companyPhrases.id,
  title: companyPhrases.name,
  text: companyPhrases.text,
};
export type CompanyPhraseRow = { id: string; title: string; text: string };

/** What the list answers: the reader's own phrases and the company's. */
export type PhraseRows = { own: PhraseRow[]; company: CompanyPhraseRow[] };

export const presentPhrase = (reader: AuthContext, row: PhraseRow): Phrase => ({
  id: row.id,
  text: row.text,
  author_id: row.authorId,
  editable: mayEditPhrase(reader, row),
  scope: 'own',
  title: null,
});

export const presentCompanyPhrase = (row: CompanyPhraseRow): Phrase => ({
  id: row.id,
  text: row.text,
  author_id: null,
  editable: false,
  scope: 'company',
  title: row.title,
});

/** Own phrases first (what the reader wrote), then the company's in its order. */
export const presentPhraseList = (reader: AuthContext, rows: PhraseRows): { data: Phrase[] } => ({
  data: [...rows.own.map((row) => presentPhrase(reader, row)), ...rows.company.map(presentCompanyPhrase)],
});
