// The customer data form (spec §2 edit modal): its values from a contact, what the user must fix before
// sending, only the fields that changed, and which field a refusal of the server is about.
import type { Contact, Priority, UpdateContactRequest } from '@atende/contract';
import type { ParseKeys } from 'i18next';
import { HttpError } from '../../lib/http.ts';

export interface CustomerForm {
  name: string;
  document: string;
  code: string;
  protocol: string;
  tag: string;
  reason: string;
  priority: Priority;
}

export type CustomerField = keyof CustomerForm;
/** Translation keys of the problems, per field. */
export type CustomerErrors = Partial<Record<CustomerField, ParseKeys>>;

const TEXT_LIMITS = { name: 200, document: 32, code: 64, protocol: 64, tag: 64, reason: 500 } as const;

export const formOf = (contact: Contact): CustomerForm => ({
  name: contact.name,
  document: contact.document ?? '',
  code: contact.code ?? '',
  protocol: contact.protocol ?? '',
  tag: contact.tag ?? '',
  reason: contact.reason ?? '',
  priority: contact.priority,
});

export function validateCustomer(form: CustomerForm): CustomerErrors {
  const errors: CustomerErrors = {};
  if (form.name.trim() === '') errors.name = 'customer.errors.nameRequired';
  for (const [field, limit] of Object.entries(TEXT_LIMITS) as [keyof typeof TEXT_LIMITS, number][]) {
    if (!errors[field] && form[field].trim().length > limit) errors[field] = 'customer.errors.tooLong';
  }
  return errors;
}

/** The request with the fields that changed (emptied texts become null), or null when nothing did. */
export function changesOf(contact: Contact, form: CustomerForm): UpdateContactRequest | null {
  const before = formOf(contact);
  const body: UpdateContactRequest = {};
  if (form.name.trim() !== before.name) body.name = form.name.trim();
  for (const field of ['document', 'code', 'protocol', 'tag', 'reason'] as const) {
    const value = form[field].trim();
    if (value !== before[field]) body[field] = value === '' ? null : value;
  }
  if (form.priority !== before.priority) body.priority = form.priority;
  return Object.keys(body).length > 0 ? body : null;
}

const FIELDS: readonly string[] = ['name', 'document', 'code', 'protocol', 'tag', 'reason', 'priority'];

/** The form field a refused save is about: a wrong check digit is the document's; a validation names its own. */
export function fieldOfError(error: unknown): CustomerField | null {
  if (!(error instanceof HttpError)) return null;
  if (error.code === 'invalid_document') return 'document';
  const field = error.field;
  return field && FIELDS.includes(field) ? (field as CustomerField) : null;
}
