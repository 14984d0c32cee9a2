// The server's control socket (DATA_DIR/control.sock), through the server's own client: simulated customer
// messages and bulk seeding, as `npm run simulate` does from a shell.
import { join } from 'node:path';
import { CONTROL_SOCKET, openControlClient } from '../../apps/server/src/platform/control-socket.ts';

export interface InboundResult {
  contactId: string;
  messageId: string | null;
  duplicate: boolean;
  createdContact: boolean;
}

export interface SimulatedMessage {
  kind?: string;
  address: string;
  name: string;
  text: string;
}

let sequence = 0;

/** A customer writes to the demo company (or `company`); answers what the ingest service did. */
export async function customerWrites(
  dataDir: string,
  message: SimulatedMessage,
  company = 'demo',
): Promise<InboundResult> {
  const client = await openControlClient(join(dataDir, CONTROL_SOCKET));
  try {
    sequence += 1;
    return (await client.send('inbound', {
      company,
      kind: message.kind ?? 'whatsapp',
      address: message.address,
      name: message.name,
      text: message.text,
      provider_message_id: `e2e-${process.pid}-${Date.now()}-${sequence}`,
    })) as InboundResult;
  } finally {
    client.close();
  }
}

export interface SeededContacts {
  company: string;
  createdCompany: boolean;
  added: number;
  total: number;
}

/** Adds `count` synthetic contacts to `company` (created like the demo company when missing). */
export async function seedContacts(dataDir: string, company: string, count: number): Promise<SeededContacts> {
  const client = await openControlClient(join(dataDir, CONTROL_SOCKET));
  try {
    return (await client.send('seed-contacts', { company, count })) as SeededContacts;
  } finally {
    client.close();
  }
}
