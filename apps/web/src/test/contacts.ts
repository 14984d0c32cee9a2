// Contact summaries and pages shaped by the contract, for the contact queue's tests.
import type { Contact, ContactPage, ContactSummary } from '@atende/contract';

export const ME = '01a201b8-77c6-726a-8fd7-da45649e4f01';
export const COLLEAGUE = '01a201b8-77c6-726a-8fd7-da45649e4f02';

let sequence = 0;

/** A contact summary; every call a new id unless given. */
export const summary = (overrides: Partial<ContactSummary> = {}): ContactSummary => {
  sequence += 1;
  return {
    id: `01a201b8-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    name: `Cliente ${sequence}`,
    priority: 'medium',
    critical: false,
    online: false,
    on_queue: false,
    status: 'open',
    snoozed_until: null,
    chatbot: false,
    first_response_pending: false,
    unread_messages: { count: 0 },
    responsible: null,
    main_channel: 'whatsapp',
    last_message: {
      text: 'Olá',
      direction: 'in',
      channel: 'whatsapp',
      created_at: '2026-11-22T10:00:00.000Z',
    },
    unanswered_since: null,
    last_event: null,
    updated_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
};

/** The same contact, later: `at` is its new updated_at. */
export const later = (contact: ContactSummary, at: string, changes: Partial<ContactSummary> = {}) => ({
  ...contact,
  ...changes,
  updated_at: at,
});

export const page = (data: ContactSummary[], next_cursor: string | null = null): ContactPage => ({
  data,
  next_cursor,
});

export const contactOf = (row: ContactSummary, overrides: Partial<Contact> = {}): Contact => ({
  ...row,
  document: null,
  code: null,
  protocol: null,
  tag: null,
  reason: null,
  return_at: null,
  responsible_since: null,
  assignment: null,
  resolved_at: null,
  segments: [],
  jokers: [],
  channels: [
    {
      id: '01a201b8-0000-7000-9000-000000000001',
      type: row.main_channel ?? 'whatsapp',
      address: '5511912340000',
      main: true,
      responsible_id: row.responsible?.id ?? null,
      output_line_id: null,
      blacklisted: false,
      blacklist_reason: null,
      // The customer wrote just now: the customer-service window is open.
      last_inbound_at: new Date().toISOString(),
      customer_window_closes_at: null,
    },
  ],
  created_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
