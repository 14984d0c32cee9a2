// Catalogues loaded when the console starts (spec §7 "Initial load").
import { z } from 'zod';
import { AmountRule } from './catalogues.ts';
import { Id, requiredText, text } from './common.ts';
import { PHRASE_TEXT_MAX } from './constants.ts';
import { ChannelKind, Role } from './enums.ts';

/** Every list answers `{ data }`, so paging (`next_cursor`) can be added without breaking clients. */
export const ListOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export const NamedItem = z.object({ id: Id, name: z.string() });
export type NamedItem = z.infer<typeof NamedItem>;

export const ChannelAccount = z.object({
  id: Id,
  kind: ChannelKind,
  name: z.string(),
  address: z.string().nullable(),
});
export type ChannelAccount = z.infer<typeof ChannelAccount>;
export const ChannelList = ListOf(ChannelAccount);

/** An action with the rules its events follow (set in the Center's catalogues). */
export const EventAction = NamedItem.extend({
  amount: AmountRule,
  annotation_required: z.boolean(),
});
export type EventAction = z.infer<typeof EventAction>;
export const EventActionList = ListOf(EventAction);
export const Wallet = NamedItem;
export type Wallet = NamedItem;
export const WalletList = ListOf(Wallet);
/** A pause reason and the longest a pause for it may last, in minutes (null: no limit). */
export const PauseReason = NamedItem.extend({ max_minutes: z.number().int().nullable() });
export type PauseReason = z.infer<typeof PauseReason>;
export const PauseReasonList = ListOf(PauseReason);
export const CallReason = NamedItem;
export type CallReason = NamedItem;
export const CallReasonList = ListOf(CallReason);

/** Whose a ready phrase is: the reader's own, or the company's (kept in the Center's catalogues). */
export const PhraseScope = z.enum(['own', 'company']);
export type PhraseScope = z.infer<typeof PhraseScope>;

/**
 * A ready phrase; `editable` tells the UI whether this user may change or delete it (never a company phrase:
 * administrators keep those in the Center). A company phrase has a title, an own phrase none.
 */
export const Phrase = z.object({
  id: Id,
  text: z.string(),
  author_id: Id.nullable(),
  editable: z.boolean(),
  scope: PhraseScope,
  title: z.string().nullable(),
});
export type Phrase = z.infer<typeof Phrase>;
export const PhraseList = ListOf(Phrase);
export const PhrasesQuery = z.object({ search: text(100).optional() });
export const PhraseRequest = z.object({ text: requiredText(PHRASE_TEXT_MAX) });
export type PhraseRequest = z.infer<typeof PhraseRequest>;

export const Responsible = z.object({
  id: Id,
  name: z.string(),
  username: z.string(),
  role: Role,
  avatar: z.string().nullable(),
  online: z.boolean(),
});
export type Responsible = z.infer<typeof Responsible>;
export const ResponsibleList = ListOf(Responsible);

/** A query-string list (`a,b,c`) of up to `max` items, each validated by `item`. */
export const commaSeparated = <T extends z.ZodType<unknown, string>>(item: T, max = 100) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max));

export const ResponsiblesQuery = z.object({
  search: text(100).optional(),
  role: commaSeparated(Role).optional(),
  ids: commaSeparated(Id).optional(),
  online: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ResponsiblesQuery = z.infer<typeof ResponsiblesQuery>;
