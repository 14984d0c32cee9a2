// Per-company catalogues loaded by the console at start: channel accounts, event actions, wallets (segments),
// pause reasons, call reasons and ready phrases.
import { CHANNEL_KINDS, type AmountRule } from '@atende/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  type PgColumnBuilderBase,
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
    /** The account's health as the Center shows it: when a message last arrived and left, the last failure. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastOutboundAt: timestamp('last_outbound_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
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

/**
 * A WhatsApp account's message templates as Meta last listed them (synced from the Center): the only messages
 * that may open a conversation or answer outside the 24-hour window. One row per name and language.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: primaryId(),
    companyId: tenantId(),
    channelAccountId: uuid('channel_account_id')
      .notNull()
      .references(() => channelAccounts.id, { onDelete: 'cascade' }),
    /** Meta's id of the template. */
    providerId: text('provider_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    /** The BODY component's text with its {{n}} variables. */
    body: text('body').notNull(),
    /** Every component as Meta gave it (header, footer, buttons), for what may use them later. */
    components: jsonb('components').$type<unknown[]>().notNull().default([]),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('whatsapp_templates_account_name_language').on(
      table.channelAccountId,
      table.name,
      table.language,
    ),
    index('whatsapp_templates_company_idx').on(table.companyId),
  ],
);

/**
 * Named, ordered entries of a company; the shape shared by the simple catalogues, with a catalogue's own
 * columns (`extra`). An archived entry (archived_at set) is no longer offered, but stays for the history that
 * refers to it. Names are unique within a company's catalogue
 * whatever their case, as the Center checks (no index: the console's segment panel creates wallets by name).
 */
const namedCatalogue = <Extra extends Record<string, PgColumnBuilderBase>>(name: string, extra: Extra) =>
  pgTable(
    name,
    {
      id: primaryId(),
      companyId: tenantId(),
      name: text('name').notNull(),
      position: integer('position').notNull().default(0),
      archivedAt: timestamp('archived_at', { withTimezone: true }),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
      ...extra,
    },
    (table) => [index(`${name}_company_idx`).on(table.companyId, table.position)],
  );

export const eventActions = namedCatalogue('event_actions', {
  /** Whether its events carry a value: 'none', 'optional' or 'required' (the contract's AmountRule). */
  amountRule: text('amount_rule').$type<AmountRule>().notNull().default('optional'),
  annotationRequired: boolean('annotation_required').notNull().default(false),
});
export const wallets = namedCatalogue('wallets', {});
export const pauseReasons = namedCatalogue('pause_reasons', {
  /** The longest a pause for this reason may last; null: no limit. */
  maxMinutes: integer('max_minutes'),
});
export const callReasons = namedCatalogue('call_reasons', {});
/** Jokers: labels a supervisor defines and attendants give a contact (one at a time). */
export const jokers = namedCatalogue('jokers', {});
/** The company's ready phrases, kept by administrators: a title (the name) and the text offered to everyone. */
export const companyPhrases = namedCatalogue('company_phrases', {
  text: text('text').notNull(),
});

/** Each user's own ready phrases, seen and changed by their author only. */
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
