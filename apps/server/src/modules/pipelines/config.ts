// Pipelines' configuration (the Center section): name, ordered steps with a final flag, labels, and who sees
// each. Removing a step that still holds cards is refused; a pipeline is archived, never deleted, so its
// cards' history stays.
import { type LabelRequest, type PipelineRequest } from '@atende/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  pipelineCards,
  pipelineLabels,
  pipelines,
  pipelineSteps,
  pipelineTeams,
  pipelineWallets,
  teams,
  wallets,
} from '../../db/schema/index.ts';
import { authorize, type AuthContext, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { visiblePipelines } from './policy.ts';
import type { PipelineRow } from './presenter.ts';

type Record = Parameters<Parameters<typeof inTransaction>[2]>[1];

/** The most pipelines a list answers, and labels per pipeline: a company's board set, not a table to page. */
export const PIPELINES_LIMIT = 200;
export const PIPELINE_LABELS_LIMIT = 200;

/** The pipelines the user sees (or one of them), with their steps, labels and audience. */
export async function loadPipelines(db: Db, auth: AuthContext, pipelineId?: string): Promise<PipelineRow[]> {
  const rows = await db
    .select()
    .from(pipelines)
    .where(
      and(
        eq(pipelines.companyId, auth.companyId),
        isNull(pipelines.archivedAt),
        pipelineId ? eq(pipelines.id, pipelineId) : undefined,
        visiblePipelines(auth),
      ),
    )
    .orderBy(asc(pipelines.name))
    .limit(PIPELINES_LIMIT);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [steps, labels, teamRows, walletRows] = await Promise.all([
    db
      .select()
      .from(pipelineSteps)
      .where(inArray(pipelineSteps.pipelineId, ids))
      .orderBy(asc(pipelineSteps.position)),
    db
      .select()
      .from(pipelineLabels)
      .where(inArray(pipelineLabels.pipelineId, ids))
      .orderBy(asc(pipelineLabels.name))
      .limit(PIPELINE_LABELS_LIMIT * ids.length),
    db.select().from(pipelineTeams).where(inArray(pipelineTeams.pipelineId, ids)),
    db.select().from(pipelineWallets).where(inArray(pipelineWallets.pipelineId, ids)),
  ]);
  return rows.map((row) => ({
    ...row,
    steps: steps.filter((step) => step.pipelineId === row.id),
    labels: labels.filter((label) => label.pipelineId === row.id),
    teamIds: teamRows.filter((team) => team.pipelineId === row.id).map((team) => team.teamId),
    walletIds: walletRows.filter((wallet) => wallet.pipelineId === row.id).map((wallet) => wallet.walletId),
  }));
}

/** A pipeline the user may configure: 404 when they do not see it (another company's), then 403. */
async function configurable(ctx: TenantContext, pipelineId: string): Promise<PipelineRow> {
  const pipeline = await findPipeline(ctx, pipelineId);
  authorize(ctx, 'pipelines.manage');
  return pipeline;
}

/** A pipeline the user sees, or 404. */
export async function findPipeline(ctx: TenantContext, pipelineId: string): Promise<PipelineRow> {
  const [row] = await loadPipelines(ctx.db, ctx, pipelineId);
  if (!row) throw notFound();
  return row;
}

export function pipelineConfigService(deps: { bus: EventBus }) {
  const changed = (record: Record, ctx: TenantContext, pipelineId: string) =>
    record({ type: 'pipeline.changed', companyId: ctx.companyId, pipelineId });

  return {
    list: (ctx: TenantContext) => loadPipelines(ctx.db, ctx),

    async create(ctx: TenantContext, input: PipelineRequest): Promise<PipelineRow> {
      const id = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await assertAudience(tx, ctx.companyId, input);
        await assertNameFree(tx, ctx.companyId, input.name);
        const [row] = await tx
          .insert(pipelines)
          .values({ companyId: ctx.companyId, name: input.name })
          .returning({ id: pipelines.id });
        await writeConfig(tx, ctx.companyId, row!.id, input);
        changed(record, ctx, row!.id);
        return row!.id;
      });
      return findPipeline(ctx, id);
    },

    async update(ctx: TenantContext, input: PipelineRequest & { pipelineId: string }): Promise<PipelineRow> {
      await configurable(ctx, input.pipelineId);
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await assertAudience(tx, ctx.companyId, input);
        await assertNameFree(tx, ctx.companyId, input.name, input.pipelineId);
        await tx
          .update(pipelines)
          .set({ name: input.name, updatedAt: new Date() })
          .where(eq(pipelines.id, input.pipelineId));
        await writeConfig(tx, ctx.companyId, input.pipelineId, input);
        changed(record, ctx, input.pipelineId);
      });
      return findPipeline(ctx, input.pipelineId);
    },

    async archive(ctx: TenantContext, input: { pipelineId: string }): Promise<void> {
      await configurable(ctx, input.pipelineId);
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await tx
          .update(pipelines)
          .set({ archivedAt: new Date(), updatedAt: new Date() })
          .where(eq(pipelines.id, input.pipelineId));
        changed(record, ctx, input.pipelineId);
      });
    },

    async labels(ctx: TenantContext, input: { pipelineId: string }) {
      return (await findPipeline(ctx, input.pipelineId)).labels;
    },

    async createLabel(ctx: TenantContext, input: LabelRequest & { pipelineId: string }) {
      await configurable(ctx, input.pipelineId);
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [label] = await tx
          .insert(pipelineLabels)
          .values({
            companyId: ctx.companyId,
            pipelineId: input.pipelineId,
            name: input.name,
            colour: input.colour,
          })
          .returning();
        changed(record, ctx, input.pipelineId);
        return label!;
      });
    },

    async updateLabel(ctx: TenantContext, input: LabelRequest & { pipelineId: string; labelId: string }) {
      await configurable(ctx, input.pipelineId);
      return inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [label] = await tx
          .update(pipelineLabels)
          .set({ name: input.name, colour: input.colour })
          .where(labelKey(ctx, input))
          .returning();
        if (!label) throw notFound();
        changed(record, ctx, input.pipelineId);
        return label;
      });
    },

    async removeLabel(ctx: TenantContext, input: { pipelineId: string; labelId: string }) {
      await configurable(ctx, input.pipelineId);
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [label] = await tx.delete(pipelineLabels).where(labelKey(ctx, input)).returning();
        if (!label) throw notFound();
        changed(record, ctx, input.pipelineId);
      });
    },
  };
}

const labelKey = (ctx: TenantContext, input: { pipelineId: string; labelId: string }) =>
  and(
    eq(pipelineLabels.id, input.labelId),
    eq(pipelineLabels.pipelineId, input.pipelineId),
    eq(pipelineLabels.companyId, ctx.companyId),
  );

async function assertNameFree(tx: Db, companyId: string, name: string, except?: string) {
  const [taken] = await tx
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.companyId, companyId), sql`lower(${pipelines.name}) = lower(${name})`));
  if (taken && taken.id !== except) throw new AppError('pipeline_name_taken', 400, { name });
}

/** Teams and segments must be the company's own (an unknown id is refused, not silently dropped). */
async function assertAudience(tx: Db, companyId: string, input: PipelineRequest) {
  const teamIds = [...new Set(input.team_ids)];
  const walletIds = [...new Set(input.segment_ids)];
  const [teamsFound, walletsFound] = await Promise.all([
    teamIds.length
      ? tx
          .select({ n: count() })
          .from(teams)
          .where(and(eq(teams.companyId, companyId), inArray(teams.id, teamIds)))
      : [{ n: 0 }],
    walletIds.length
      ? tx
          .select({ n: count() })
          .from(wallets)
          .where(and(eq(wallets.companyId, companyId), inArray(wallets.id, walletIds)))
      : [{ n: 0 }],
  ]);
  if (teamsFound[0]!.n !== teamIds.length || walletsFound[0]!.n !== walletIds.length) {
    throw new AppError('pipeline_segment_unknown', 400);
  }
}

/** Steps in the given order (kept ones renamed, new ones added, missing ones removed if empty) and audience. */
async function writeConfig(tx: Db, companyId: string, pipelineId: string, input: PipelineRequest) {
  const existing = await tx
    .select({ id: pipelineSteps.id, name: pipelineSteps.name })
    .from(pipelineSteps)
    .where(eq(pipelineSteps.pipelineId, pipelineId));
  const kept = input.steps.flatMap((step) => (step.id ? [step.id] : []));
  if (kept.some((id) => !existing.some((step) => step.id === id)))
    throw new AppError('step_not_in_pipeline', 400);
  const removed = existing.filter((step) => !kept.includes(step.id));
  for (const step of removed) {
    const [used] = await tx
      .select({ n: count() })
      .from(pipelineCards)
      .where(eq(pipelineCards.stepId, step.id));
    if (used!.n > 0) throw new AppError('step_not_empty', 400, { name: step.name });
  }
  if (removed.length) {
    await tx.delete(pipelineSteps).where(
      inArray(
        pipelineSteps.id,
        removed.map((step) => step.id),
      ),
    );
  }
  for (const [position, step] of input.steps.entries()) {
    if (step.id) {
      await tx
        .update(pipelineSteps)
        .set({ name: step.name, final: step.final, position })
        .where(eq(pipelineSteps.id, step.id));
    } else {
      await tx
        .insert(pipelineSteps)
        .values({ companyId, pipelineId, name: step.name, final: step.final, position });
    }
  }
  await tx.delete(pipelineTeams).where(eq(pipelineTeams.pipelineId, pipelineId));
  await tx.delete(pipelineWallets).where(eq(pipelineWallets.pipelineId, pipelineId));
  const teamIds = [...new Set(input.team_ids)];
  const walletIds = [...new Set(input.segment_ids)];
  if (teamIds.length)
    await tx.insert(pipelineTeams).values(teamIds.map((teamId) => ({ companyId, pipelineId, teamId })));
  if (walletIds.length) {
    await tx
      .insert(pipelineWallets)
      .values(walletIds.map((walletId) => ({ companyId, pipelineId, walletId })));
  }
}
