// Messages and timeline items shaped by the contract, for the conversation's tests.
import type { ContactChannel, Item, Message } from '@atende/contract';

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
    subject: null,
    has_html: false,
    attachments: [],
    reactions: [],
    status: 'received',
    failure_reason: null,
    read: true,
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
    ...overrides,
  };
}
