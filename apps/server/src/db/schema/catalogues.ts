// Per-company catalogues loaded by the console at start: channel accounts, event actions, wallets (segments),
// pause reasons, call reasons and ready phrases.
import { CHANNEL_KINDS } from '@atende/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const channelKindEnum = pgEnum('channel_kind', CHANNEL_KINDS);

/** A company's connection to one channel (a WhatsApp number, a mailbox, a chat widget...). */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    id: primaryId(),
    companyId: tenantId(),
    kind: channelKindEnum('kind').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    enabled: boolean('enabled').notNull().default(true),
    /** What the account's adapter needs that is not secret (server names, ports, colours, forms). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Passwords and tokens, sealed by platform/credentials.ts; never presented. */
    credentials: text('credentials'),
    /** The identifier the public knows the account by (the chat widget key); unique across companies. */
    publicKey: text('public_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('channel_accounts_company_idx').on(table.companyId, table.kind),
    uniqueIndex('channel_accounts_public_key').on(table.publicKey),
  ],
);

/**
 * Where an account's inbound connection stands (an IMAP mailbox's UIDVALIDITY and last UID...), and which
 * process holds it now: a lease, so one worker among many reads a mailbox and another takes over if it dies.
 */
export const channelCursors = pgTable('channel_cursors', {
  channelAccountId: uuid('channel_account_id')
    .primaryKey()
    .references(() => channelAccounts.id, { onDelete: 'cascade' }),
  companyId: tenantId(),
  cursor: jsonb('cursor').$type<Record<string, unknown>>().notNull().default({}),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Named, ordered entries of a company; the shape shared by the simple catalogues. */
const namedCatalogue = (name: string) =>
  pgTable(
    name,
    {
      id: primaryId(),
      companyId: tenantId(),
      name: text('name').notNull(),
      position: integer('position').notNull().default(0),
      active: boolean('active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (table) => [index(`${name}_company_idx`).on(table.companyId, table.position)],
  );

export const eventActions = namedCatalogue('event_actions');
export const wallets = namedCatalogue('wallets');
export const pauseReasons = namedCatalogue('pause_reasons');
export const callReasons = namedCatalogue('call_reasons');
/** Jokers: labels a supervisor defines and attendants give a contact (one at a time). */
export const jokers = namedCatalogue('jokers');

export const phrases = pgTable(
  'phrases',
  {
    id: primaryId(),
    companyId: tenantId(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('phrases_company_idx').on(table.companyId, table.createdAt)],
);
