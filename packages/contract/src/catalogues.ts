// The Center's catalogues (issue 21, item 3): the company's named lists the console offers — pause reasons,
// event actions, segments (wallets), jokers, call reasons and the company's ready phrases — each created, edited, ordered and archived by
// administrators. Archived entries are no longer offered but keep the history that names them readable.
import { z } from 'zod';
import { Id, requiredText, text, Timestamp } from './common.ts';
import {
  CATALOGUE_NAME_MAX,
  CATALOGUE_PAGE_MAX,
  CATALOGUE_PAGE_SIZE,
  PAUSE_MAX_MINUTES,
  PHRASE_TEXT_MAX,
} from './constants.ts';

export const CATALOGUES = [
  'pause_reasons',
  'event_actions',
  'wallets',
  'jokers',
  'call_reasons',
  /** The company's ready phrases: a title (the entry's name) and the text attendants insert. */
  'phrases',
] as const;
export const Catalogue = z.enum(CATALOGUES);
export type Catalogue = z.infer<typeof Catalogue>;

/** Whether an event of an action carries a value (amount): never, when the attendant wants, or always. */
export const AMOUNT_RULES = ['none', 'optional', 'required'] as const;
export const AmountRule = z.enum(AMOUNT_RULES);
export type AmountRule = z.infer<typeof AmountRule>;

/** One entry as the Center shows it; the fields of other catalogues are null. */
export const CatalogueEntry = z.object({
  id: Id,
  name: z.string(),
  position: z.number().int(),
  archived_at: Timestamp.nullable(),
  /** Pause reasons: the longest a pause may last, in minutes (null: no limit). */
  max_minutes: z.number().int().nullable(),
  /** Event actions: the value and annotation rules the console's event registration enforces. */
  amount: AmountRule.nullable(),
  annotation_required: z.boolean().nullable(),
  /** Phrases: the text inserted into a message. */
  text: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CatalogueEntry = z.infer<typeof CatalogueEntry>;

export const CatalogueSort = z.enum(['position', 'name']);
export type CatalogueSort = z.infer<typeof CatalogueSort>;

export const CatalogueQuery = z.object({
  /** Part of the name (and of a phrase's text). */
  search: text(100).optional(),
  sort: CatalogueSort.default('position'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** Archived entries are listed only when asked for. */
  archived: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  limit: z.coerce.number().int().min(1).max(CATALOGUE_PAGE_MAX).default(CATALOGUE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CatalogueQuery = z.infer<typeof CatalogueQuery>;

export const CataloguePage = z.object({ data: z.array(CatalogueEntry), total: z.number().int() });
export type CataloguePage = z.infer<typeof CataloguePage>;

const NamedInput = z.object({ name: requiredText(CATALOGUE_NAME_MAX) });

export const PauseReasonInput = NamedInput.extend({
  max_minutes: z.number().int().min(1).max(PAUSE_MAX_MINUTES).nullable().default(null),
});
export const EventActionInput = NamedInput.extend({
  amount: AmountRule.default('optional'),
  annotation_required: z.boolean().default(false),
});

export const PhraseEntryInput = NamedInput.extend({ text: requiredText(PHRASE_TEXT_MAX) });

/** What creating or editing an entry sends, by catalogue (the whole entry: an edit replaces every field). */
export const CATALOGUE_INPUTS = {
  pause_reasons: PauseReasonInput,
  event_actions: EventActionInput,
  wallets: NamedInput,
  jokers: NamedInput,
  call_reasons: NamedInput,
  phrases: PhraseEntryInput,
} as const satisfies Record<Catalogue, z.ZodType>;

/** Every catalogue's input, read as one shape (fields a catalogue lacks are absent). */
export type CatalogueInput = z.infer<typeof NamedInput> &
  Partial<
    z.infer<typeof PauseReasonInput> & z.infer<typeof EventActionInput> & z.infer<typeof PhraseEntryInput>
  >;

/** Moves an entry to a place of the company's order (0 is first). */
export const CatalogueMove = z.object({
  position: z
    .number()
    .int()
    .min(0)
    .max(CATALOGUE_PAGE_MAX * 100),
});
export type CatalogueMove = z.infer<typeof CatalogueMove>;

/** To the company's room when a catalogue changed: open consoles load it again. */
export const CatalogueChanged = z.object({ catalogue: Catalogue });
export type CatalogueChanged = z.infer<typeof CatalogueChanged>;
