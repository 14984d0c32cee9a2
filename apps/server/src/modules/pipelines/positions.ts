// A card's place in its step: a fractional position between its new neighbours, so a move writes one row.
// A move places its card without waiting for the step's other moves (cards.ts, moveStatement): it reads the
// neighbours in its snapshot and writes, and the unique index on (step, position) refuses a place another move
// took meanwhile, when the move runs again on a new snapshot. The card lands after the card it was put after
// (unless that card itself moved meanwhile). A new card, and a move that lost its race too often, lock the
// step's row and place in a statement started after the lock, which sees every committed position. When
// repeated halving runs out of precision the step is spaced out again, under that lock; the re-spacing writes
// the step's row, so a move whose snapshot came before it sees a new version of the row it holds shared, and
// runs again.
import { sql, type SQL } from 'drizzle-orm';
import { pipelineCards, pipelineSteps } from '../../db/schema/index.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import { notFound } from '../../platform/errors.ts';

const GAP = sql.raw('1024');

/** Where a card goes in its step: after the card `afterId`, first, or last. */
export type After = 'card' | 'first' | 'last';
export const afterOf = (afterId: string | null | undefined): After =>
  afterId === undefined ? 'last' : afterId === null ? 'first' : 'card';

export type Placement = { position: number | null; found: boolean; exhausted: boolean };

/**
 * One row saying where a card goes in the step `stepId` (placeholders: stepId, afterId, and itemId when
 * `moving` an existing card, which its own old place must not count): `position`; `found`, false when the card
 * to follow is not in the step (or is the card itself); `exhausted` when the gap after it is too narrow to
 * halve (space the step out, then place again). Read in a statement of its own or as a move's first step.
 */
export function placement(after: After, moving: boolean): SQL {
  const step = param('stepId');
  const others = (alias: string) => (moving ? sql`and ${sql.raw(alias)}.id <> ${param('itemId')}` : sql``);
  if (after === 'last')
    return sql`select coalesce(max(c.position), 0) + ${GAP} as "position", true as "found", false as "exhausted"
      from ${pipelineCards} c where c.step_id = ${step} ${others('c')}`;
  if (after === 'first')
    return sql`select coalesce(min(c.position) - ${GAP}, ${GAP}) as "position", true as "found",
        false as "exhausted"
      from ${pipelineCards} c where c.step_id = ${step} ${others('c')}`;
  // The card after which it goes and the position following that card's, in one statement.
  return sql`select case when n.next is null then x.position + ${GAP} else (x.position + n.next) / 2 end
        as "position",
      x.id is not null as "found",
      coalesce(not ((x.position + n.next) / 2 > x.position and (x.position + n.next) / 2 < n.next), false)
        as "exhausted"
    from (select 1) as one
      left join ${pipelineCards} x on x.id = ${param('afterId')} and x.step_id = ${step} ${others('x')}
      left join lateral (select min(m.position) as next from ${pipelineCards} m
        where m.step_id = ${step} and m.position > x.position ${others('m')}) n on true`;
}

/**
 * The position of a new card in `stepId` after `afterId` (first when null, last when undefined), in the
 * transaction `tx` holding the step's lock (`db`: the handle its statements are prepared on).
 */
export async function placeInStep(
  db: Db,
  tx: Db,
  stepId: string,
  afterId: string | null | undefined,
): Promise<number> {
  const after = afterOf(afterId);
  const statement = preparedSql<Placement>(db, `pipeline_place:${after}`, () => placement(after, false));
  const place = await withRoom(tx, stepId, () => statement.execute({ stepId, afterId }, tx));
  if (!place!.found || place!.position === null) throw notFound();
  return place!.position;
}

/**
 * Runs a placing statement (its one row says whether the gap was `exhausted`) and, when its gap was too narrow,
 * spaces the step out and runs it once more.
 */
export async function withRoom<Row extends { exhausted: boolean }>(
  tx: Db,
  stepId: string,
  place: () => Promise<Row[]>,
): Promise<Row | undefined> {
  const [row] = await place();
  if (!row?.exhausted) return row;
  await spaceOut(tx, stepId);
  return (await place())[0];
}

/**
 * Evenly spaced positions above every current one (no two rows ever share a position meanwhile), after a new
 * version of the step's row, which tells the moves that read the old positions to read again. A card that left
 * the step meanwhile keeps the place its move gave it.
 */
async function spaceOut(tx: Db, stepId: string): Promise<void> {
  await tx.execute(sql`update ${pipelineSteps} set position = position where id = ${stepId}`);
  await tx.execute(sql`
    update ${pipelineCards} set position = spaced.at
    from (
      select id, (select max(position) from ${pipelineCards} where step_id = ${stepId})
        + ${GAP} * row_number() over (order by position) as at
      from ${pipelineCards} where step_id = ${stepId}
    ) as spaced
    where ${pipelineCards.id} = spaced.id and ${pipelineCards.stepId} = ${stepId}`);
}

const POSITION_KEY = 'pipeline_cards_step_position_key';

/** A move's answer when another move took the place it chose (undefined); any other error thrown again. */
export function lostPlace(error: unknown): undefined {
  if (isUniqueViolation(error, POSITION_KEY)) return undefined;
  throw error;
}
