// Pipelines (issue 24): kanban boards of ordered steps (lists) holding cards about customers. A card's place in
// its step is a fractional position: a move writes one row (between its new neighbours), never renumbers the
// list; (step, position) is unique so two moves can never land on the same place.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { wallets } from './catalogues.ts';
import { createdAt, primaryId, tenantId, updatedAt } from './columns.ts';
import { attachmentKind, contacts } from './contacts.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const pipelines = pgTable(
  'pipelines',
  {
    id: primaryId(),
    companyId: tenantId(),
    name: text('name').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pipelines_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

/** The lists of a pipeline, in `position` order; a card in a `final` step is finished. */
export const pipelineSteps = pgTable(
  'pipeline_steps',
  {
    id: primaryId(),
    companyId: tenantId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    final: boolean('final').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('pipeline_steps_pipeline_idx').on(t.pipelineId, t.position)],
);

/** Who sees a pipeline besides supervising roles: members of these teams… */
export const pipelineTeams = pgTable(
  'pipeline_teams',
  {
    companyId: tenantId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pipelineId, t.teamId] })],
);

/** …and whoever serves these segments. A pipeline with neither is seen by everyone of the company. */
export const pipelineWallets = pgTable(
  'pipeline_wallets',
  {
    companyId: tenantId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pipelineId, t.walletId] })],
);

export const pipelineLabels = pgTable(
  'pipeline_labels',
  {
    id: primaryId(),
    companyId: tenantId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pipeline_labels_pipeline_idx').on(t.pipelineId)],
);

export const pipelineCards = pgTable(
  'pipeline_cards',
  {
    id: primaryId(),
    companyId: tenantId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => pipelineSteps.id),
    position: doublePrecision('position').notNull(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rating: smallint('rating').notNull().default(0),
    responsibleId: uuid('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    coverId: uuid('cover_id'),
    commentsCount: integer('comments_count').notNull().default(0),
    attachmentsCount: integer('attachments_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pipeline_cards_step_position_key').on(t.stepId, t.position),
    index('pipeline_cards_pipeline_idx').on(t.pipelineId),
    index('pipeline_cards_contact_idx').on(t.contactId),
    index('pipeline_cards_responsible_idx').on(t.responsibleId),
  ],
);

export const pipelineCardLabels = pgTable(
  'pipeline_card_labels',
  {
    companyId: tenantId(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => pipelineCards.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => pipelineLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.labelId] }),
    index('pipeline_card_labels_label_idx').on(t.labelId),
  ],
);

export const pipelineComments = pgTable(
  'pipeline_comments',
  {
    id: primaryId(),
    companyId: tenantId(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => pipelineCards.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pipeline_comments_card_idx').on(t.cardId, t.createdAt)],
);

/** Files attached to a card, kept in the same storage and checked like message files. */
export const pipelineAttachments = pgTable(
  'pipeline_attachments',
  {
    id: primaryId(),
    companyId: tenantId(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => pipelineCards.id, { onDelete: 'cascade' }),
    kind: attachmentKind('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('pipeline_attachments_card_idx').on(t.cardId)],
);
