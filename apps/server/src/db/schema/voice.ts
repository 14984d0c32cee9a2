// Voice (issue 26): the company's phone settings, its users' SIP accounts and the call detail records.
import {
  CALL_DIRECTIONS,
  CALL_STATES,
  HANGUP_CAUSES,
  HANGUP_SIDES,
  PBX_KINDS,
  RING_TIMEOUT_SECONDS,
  WRAP_UP_SECONDS,
  type CallTypeId,
  type IceServer,
} from '@atende/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
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
import { callReasons } from './catalogues.ts';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { contacts } from './contacts.ts';
import { users } from './users.ts';

export const pbxKindEnum = pgEnum('pbx_kind', PBX_KINDS);
export const callDirectionEnum = pgEnum('call_direction', CALL_DIRECTIONS);
export const callStateEnum = pgEnum('call_state', CALL_STATES);
export const hangupSideEnum = pgEnum('hangup_side', HANGUP_SIDES);
export const hangupCauseEnum = pgEnum('hangup_cause', HANGUP_CAUSES);

/**
 * One row per company, made the first time its phone settings are read. The SIP domain names the company to
 * the embedded PBX (every REGISTER and INVITE says which domain it is for), so it is unique across companies.
 */
export const phoneSettings = pgTable(
  'phone_settings',
  {
    companyId: tenantId().primaryKey(),
    pbx: pbxKindEnum('pbx').notNull().default('embedded'),
    wsUrl: text('ws_url'),
    sipDomain: text('sip_domain').notNull(),
    iceServers: jsonb('ice_servers').$type<IceServer[]>().notNull().default([]),
    wrapUpSeconds: integer('wrap_up_seconds').notNull().default(WRAP_UP_SECONDS.default),
    ringTimeoutSeconds: integer('ring_timeout_seconds').notNull().default(RING_TIMEOUT_SECONDS.default),
    /** The embedded PBX's carrier password (simulated customers), sealed by platform/credentials.ts. */
    carrierSecret: text('carrier_secret').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('phone_settings_sip_domain_key').on(t.sipDomain)],
);

/** A user's SIP account: one per user, its username unique in the company, its password sealed. */
export const sipAccounts = pgTable(
  'sip_accounts',
  {
    id: primaryId(),
    companyId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /** `{ password }` sealed by platform/credentials.ts; opened only for the PBX's digest and its own user. */
    secret: text('secret').notNull(),
    /**
     * When the user's softphone last said it is registered with the company's external PBX (it says so again at
     * each re-registration); null once it said it is not. The embedded PBX knows its registrations itself.
     */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sip_accounts_user_key').on(t.userId),
    uniqueIndex('sip_accounts_username_key').on(t.companyId, sql`lower(${t.username})`),
  ],
);

/** A call detail record: written by the PBX as the call rings, is answered and ends; classified after. */
export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: primaryId(),
    companyId: tenantId(),
    /** The SIP Call-ID of the call's first INVITE: what keeps a retransmission or a repeated event idempotent. */
    callId: text('call_id').notNull(),
    direction: callDirectionEnum('direction').notNull(),
    typeId: integer('type_id').$type<CallTypeId>().notNull(),
    state: callStateEnum('state').notNull().default('ringing'),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Seconds put on hold so far (a re-INVITE to sendonly/inactive starts a hold; the next one ends it). */
    holdSeconds: integer('hold_seconds').notNull().default(0),
    heldSince: timestamp('held_since', { withTimezone: true }),
    hangupSide: hangupSideEnum('hangup_side'),
    hangupCause: hangupCauseEnum('hangup_cause'),
    sipStatus: integer('sip_status'),
    reasonId: uuid('reason_id').references(() => callReasons.id, { onDelete: 'set null' }),
    notes: text('notes'),
    recordingUrl: text('recording_url'),
    classifiedAt: timestamp('classified_at', { withTimezone: true }),
    /** The colleague the operator transferred the call to (the customer accepted the SIP REFER). */
    transferredToId: uuid('transferred_to_id').references(() => users.id, { onDelete: 'set null' }),
    /** The call this one continues: the customer was referred here from it. */
    transferredFromId: uuid('transferred_from_id').references((): AnyPgColumn => voiceCalls.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('voice_calls_call_id_key').on(t.companyId, t.callId),
    index('voice_calls_company_started_idx').on(t.companyId, t.startedAt),
    index('voice_calls_contact_idx').on(t.contactId, t.startedAt),
    index('voice_calls_operator_idx').on(t.operatorId, t.startedAt),
    check('voice_calls_type_id_check', sql`${t.typeId} between 0 and 2`),
  ],
);
