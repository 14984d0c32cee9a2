// Ready-phrase placeholders, filled when a phrase is inserted into the message: `{{first_name}}` (the customer's
// first name), `{{name}}` (the customer's full name) and `{{attendant}}` (the signed-in user's name). The spec
// names no syntax; double braces with a snake_case name are what attendants know from other tools, and spaces
// inside the braces are allowed (`{{ name }}`). A placeholder that is unknown, or whose value is missing, stays
// as typed so the attendant sees it before sending.
export const PLACEHOLDERS = ['first_name', 'name', 'attendant'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export interface PlaceholderValues {
  /** The customer's name as the contact carries it. */
  contactName: string | null;
  /** The name of the attendant inserting the phrase. */
  attendantName: string | null;
}

export const placeholderToken = (name: Placeholder): string => `{{${name}}}`;

const PATTERN = /\{\{\s*([a-z_]+)\s*\}\}/g;

const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

function valueOf(name: string, values: PlaceholderValues): string | null {
  const contact = values.contactName?.trim() || null;
  switch (name) {
    case 'first_name':
      return contact && firstNameOf(contact);
    case 'name':
      return contact;
    case 'attendant':
      return values.attendantName?.trim() || null;
    default:
      return null;
  }
}

export const fillPlaceholders = (text: string, values: PlaceholderValues): string =>
  text.replace(PATTERN, (token, name: string) => valueOf(name, values) ?? token);
