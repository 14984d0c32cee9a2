// The form of a catalogue entry: its values (the name, and the fields of pause reasons, event actions and
// phrases),
// the checks that mirror the contract (packages/contract/src/catalogues.ts) so most mistakes show on their
// field before any call, and the input it sends. Field names are the API's, so the server's refusals land on
// the same fields.
import {
  CATALOGUE_NAME_MAX,
  PAUSE_MAX_MINUTES,
  PHRASE_TEXT_MAX,
  type AmountRule,
  type Catalogue,
  type CatalogueEntry,
  type CatalogueInput,
} from '@atende/contract';
import { checkText, found, type Problems } from '../channels/field-rules.ts';

export type EntryForm = {
  name: string;
  /** Empty: no limit. */
  max_minutes: number | '';
  amount: AmountRule;
  annotation_required: boolean;
  /** A phrase's text. */
  text: string;
};
export type EntryField = keyof EntryForm;

export const entryForm = (entry: CatalogueEntry | null): EntryForm => ({
  name: entry?.name ?? '',
  max_minutes: entry?.max_minutes ?? '',
  amount: entry?.amount ?? 'optional',
  annotation_required: entry?.annotation_required ?? false,
  text: entry?.text ?? '',
});

export function checkEntry(catalogue: Catalogue, form: EntryForm): Problems<EntryField> {
  const minutes = form.max_minutes;
  const badMinutes =
    catalogue === 'pause_reasons' &&
    minutes !== '' &&
    !(Number.isInteger(minutes) && minutes >= 1 && minutes <= PAUSE_MAX_MINUTES);
  return found({
    name: checkText(form.name, CATALOGUE_NAME_MAX),
    max_minutes: badMinutes
      ? { key: 'centerCatalogues.problems.maxMinutes', values: { max: PAUSE_MAX_MINUTES } }
      : undefined,
    amount: undefined,
    annotation_required: undefined,
    text: catalogue === 'phrases' ? checkText(form.text, PHRASE_TEXT_MAX) : undefined,
  });
}

/** What the form sends: the name, and the fields its catalogue has. */
export function entryInput(catalogue: Catalogue, form: EntryForm): CatalogueInput {
  const name = form.name.trim();
  if (catalogue === 'pause_reasons') {
    return { name, max_minutes: form.max_minutes === '' ? null : form.max_minutes };
  }
  if (catalogue === 'event_actions') {
    return { name, amount: form.amount, annotation_required: form.annotation_required };
  }
  if (catalogue === 'phrases') return { name, text: form.text.trim() };
  return { name };
}
