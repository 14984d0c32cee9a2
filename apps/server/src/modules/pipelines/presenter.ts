// Pipeline, card, comment and attachment rows as the contract's objects; card files by signed URL.
import type { Card, CardAttachment, CardSummary, Comment, Pipeline, PipelineLabel } from '@atende/contract';
import type { pipelineAttachments, pipelineLabels, pipelines, pipelineSteps } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { RawRow } from '../../platform/db/prepared.ts';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { mayChangeComment, mayDeleteCard } from './policy.ts';

export type PipelineRow = typeof pipelines.$inferSelect & {
  steps: (typeof pipelineSteps.$inferSelect)[];
  labels: (typeof pipelineLabels.$inferSelect)[];
  teamIds: string[];
  walletIds: string[];
};

export type CardRow = {
  id: string;
  pipelineId: string;
  stepId: string;
  position: number;
  name: string;
  rating: number;
  coverId: string | null;
  commentsCount: number;
  attachmentsCount: number;
  /** Text when read as JSON (the board). */
  createdAt: Date | string;
  updatedAt: Date | string;
  contactId: string;
  contactName: string;
  responsibleId: string | null;
  responsibleName: string | null;
  finished: boolean;
  labelIds: string[];
};

export type CardDetailRow = CardRow & {
  description: string;
  authorId: string | null;
  authorName: string | null;
  /** Read as JSON: timestamps as text. */
  attachments: RawRow<typeof pipelineAttachments.$inferSelect>[];
};

export type CommentRow = {
  id: string;
  cardId: string;
  authorId: string | null;
  authorName: string | null;
  text: string;
  createdAt: Date;
  updatedAt: Date;
};

/** What a card file's signed URL signs. */
export const cardFileResource = (attachmentId: string) => `pipeline-file:${attachmentId}`;
export const cardFileUrl = (urls: UrlSigner, attachmentId: string) =>
  `/api/pipeline-files/${attachmentId}?${urls.sign(cardFileResource(attachmentId))}`;

export const presentLabel = (row: typeof pipelineLabels.$inferSelect): PipelineLabel => ({
  id: row.id,
  pipeline_id: row.pipelineId,
  name: row.name,
  colour: row.colour,
});

export const presentPipeline = (row: PipelineRow): Pipeline => ({
  id: row.id,
  name: row.name,
  steps: row.steps.map((step) => ({
    id: step.id,
    name: step.name,
    position: step.position,
    final: step.final,
  })),
  labels: row.labels.map(presentLabel),
  team_ids: row.teamIds,
  segment_ids: row.walletIds,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export const presentCardSummary =
  (urls: UrlSigner) =>
  (row: CardRow): CardSummary => ({
    id: row.id,
    pipeline_id: row.pipelineId,
    step_id: row.stepId,
    position: row.position,
    name: row.name,
    contact: { id: row.contactId, name: row.contactName },
    responsible: person(row.responsibleId, row.responsibleName),
    label_ids: row.labelIds,
    rating: row.rating,
    finished: row.finished,
    cover_url: row.coverId ? cardFileUrl(urls, row.coverId) : null,
    comments_count: row.commentsCount,
    attachments_count: row.attachmentsCount,
    created_at: isoTimestamp(row.createdAt),
    updated_at: isoTimestamp(row.updatedAt),
  });

export const presentAttachment =
  (urls: UrlSigner, coverId: string | null) =>
  (row: RawRow<typeof pipelineAttachments.$inferSelect>): CardAttachment => ({
    id: row.id,
    filename: row.filename,
    content_type: row.contentType,
    kind: row.kind,
    size: row.size,
    url: cardFileUrl(urls, row.id),
    cover: row.id === coverId,
    created_at: isoTimestamp(row.createdAt),
  });

export const presentCard = (urls: UrlSigner, auth: AuthContext, row: CardDetailRow): Card => ({
  ...presentCardSummary(urls)(row),
  description: row.description,
  author: person(row.authorId, row.authorName),
  attachments: row.attachments.map(presentAttachment(urls, row.coverId)),
  deletable: mayDeleteCard(auth, row),
});

export const presentComment =
  (auth: AuthContext) =>
  (row: CommentRow): Comment => ({
    id: row.id,
    card_id: row.cardId,
    author: person(row.authorId, row.authorName),
    text: row.text,
    editable: mayChangeComment(auth, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });
