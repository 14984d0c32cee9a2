// Messages and timeline items shaped by the contract, for the conversation's tests.
import type { CallRecord, ContactChannel, ContactEvent, Item, Message } from '@atende/contract';

export const CONTACT = '01a201b8-7800-7000-8000-000000000001';
export const WHATSAPP = '01a201b8-7800-7000-8000-0000000000c1';
export const EMAIL = '01a201b8-7800-7000-8000-0000000000c2';

let sequence = 0;

export function message(overrides: Partial<Message> = {}): Message {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 10, 20, 12, 0, sequence)).toISOString();
  return {
    id: `01a201b8-7800-7000-8000-${String(sequence).padStart(12, '0')}`,
    contact_id: CONTACT,
    channel: { id: WHATSAPP, type: 'whatsapp' },
    direction: 'in',
    sender: { type: 'customer', id: null, name: 'Maria' },
    text: `mensagem ${sequence}`,
    client_id: null,
    subject: null,
    has_html: false,
    attachments: [],
    reactions: [],
    status: 'received',
    failure_reason: null,
    read: true,
    reply_to: null,
    broadcast: null,
    transcription: null,
    internal: false,
    deleted_at: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export const item = (value: Message): Item => ({
  type: 'message',
  created_at: value.created_at,
  message: value,
});

/** The message an item shows (undefined for an event), for assertions on a timeline's entries. */
export const messageOf = (entry: Item | undefined): Message | undefined =>
  entry?.type === 'message' ? entry.message : undefined;

export function contactEvent(overrides: Partial<ContactEvent> = {}): ContactEvent {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 10, 20, 12, 0, sequence)).toISOString();
  return {
    id: `01a201b8-7800-7000-8000-${String(sequence).padStart(12, '0')}`,
    contact_id: CONTACT,
    action_id: null,
    description: 'Promessa de pagamento',
    amount: 1234.5,
    annotation: null,
    responsible: null,
    date: at,
    created_by: { id: null, name: 'Ana' },
    created_at: at,
    ...overrides,
  };
}

export const eventItem = (value: ContactEvent): Item => ({
  type: 'event',
  created_at: value.created_at,
  event: value,
});

/** A customer's call (its CDR), answered and talked for 95 s, classified. */
export function callRecord(overrides: Partial<CallRecord> = {}): CallRecord {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 10, 20, 12, 0, sequence));
  const iso = (offset: number) => new Date(at.getTime() + offset * 1000).toISOString();
  return {
    id: `01a201b8-7900-7000-8000-${String(sequence).padStart(12, '0')}`,
    call_id: `call-${sequence}@pbx`,
    direction: 'inbound',
    type_id: 0,
    state: 'ended',
    from_number: '5511999990000',
    to_number: 'atende',
    operator_id: null,
    operator_name: 'Ana',
    contact_id: CONTACT,
    contact_name: 'Maria Cliente',
    started_at: iso(0),
    answered_at: iso(5),
    ended_at: iso(100),
    ring_seconds: 5,
    talk_seconds: 95,
    hold_seconds: 0,
    hangup_side: 'customer',
    hangup_cause: 'normal',
    sip_status: null,
    reason_id: null,
    reason_name: 'Dúvida',
    notes: null,
    recording_url: null,
    classified_at: iso(120),
    transferred_to_id: null,
    transferred_to_name: null,
    transferred_from_id: null,
    ...overrides,
  };
}

export const callItem = (value: CallRecord): Item => ({
  type: 'call',
  created_at: value.started_at,
  call: value,
});

export function channel(overrides: Partial<ContactChannel> = {}): ContactChannel {
  return {
    id: WHATSAPP,
    type: 'whatsapp',
    address: '5511999990000',
    main: true,
    responsible_id: null,
    output_line_id: null,
    blacklisted: false,
    blacklist_reason: null,
    // The customer wrote just now: the customer-service window is open.
    last_inbound_at: new Date().toISOString(),
    customer_window_closes_at: null,
    ...overrides,
  };
}
