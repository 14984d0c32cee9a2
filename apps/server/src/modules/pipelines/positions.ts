// A card's place in its step: a fractional position between its new neighbours, so a move writes one row.
// Every placement into a step first locks that step's row: concurrent moves into one step take turns and each
// sees the others' committed positions, so positions stay unique (the unique index is the last guard). When
// repeated halving runs out of precision the step is spaced out again, once, inside the same lock.
import { and, eq, max, min, ne, sql } from 'drizzle-orm';
import { pipelineCards, pipelineSteps } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';

const GAP = 1024;

/**
 * The position for `cardId` (null: a new card) in `stepId`: after the card `afterId`, first when null, last
 * when undefined. Must run in the transaction that writes it.
 */
export async function placeInStep(
  tx: Db,
  stepId: string,
  cardId: string | null,
  afterId: string | null | undefined,
): Promise<number> {
  await tx.execute(sql`select 1 from ${pipelineSteps} where ${pipelineSteps.id} = ${stepId} for update`);
  const others = and(eq(pipelineCards.stepId, stepId), cardId ? ne(pipelineCards.id, cardId) : undefined);
  if (afterId === undefined) {
    const [row] = await tx
      .select({ last: max(pipelineCards.position) })
      .from(pipelineCards)
      .where(others);
    return row?.last == null ? GAP : row.last + GAP;
  }
  if (afterId === null) {
    const [row] = await tx
      .select({ first: min(pipelineCards.position) })
      .from(pipelineCards)
      .where(others);
    return row?.first == null ? GAP : row.first - GAP;
  }
  if (afterId === cardId) throw notFound();
  // The neighbour after which it goes and the card following that one, in one statement.
  const [after] = await tx
    .select({
      position: pipelineCards.position,
      next: sql<number | null>`(select min(n.position) from ${pipelineCards} n
        where n.step_id = ${stepId} and n.position > ${pipelineCards}.${sql.identifier('position')}
        ${cardId ? sql`and n.id <> ${cardId}` : sql``})`.mapWith(Number),
    })
    .from(pipelineCards)
    .where(and(eq(pipelineCards.id, afterId), eq(pipelineCards.stepId, stepId)));
  if (!after) throw notFound();
  if (after.next == null) return after.position + GAP;
  const next = { position: after.next };
  const middle = (after.position + next.position) / 2;
  if (middle > after.position && middle < next.position) return middle;
  await spaceOut(tx, stepId);
  return placeInStep(tx, stepId, cardId, afterId);
}

/** Evenly spaced positions above every current one (no two rows ever share a position meanwhile). */
async function spaceOut(tx: Db, stepId: string): Promise<void> {
  await tx.execute(sql`
    update ${pipelineCards} set position = spaced.at
    from (
      select id, (select max(position) from ${pipelineCards} where step_id = ${stepId})
        + ${GAP} * row_number() over (order by position) as at
      from ${pipelineCards} where step_id = ${stepId}
    ) as spaced
    where ${pipelineCards.id} = spaced.id`);
}
