// The pipeline board under load (issue 24): one pipeline of BOARD_CARDS cards on the bench company's customers,
// made through the API as the console makes them, then its board read whole (pipeline_board) and its cards
// moved between steps and within a step (pipeline_move), 50 connections at once; after the moves, the board
// read back must hold every card once, positions unique and ascending within each step.
import {
  BOARD_PAGE_SIZE,
  type Board as BoardAnswer,
  type Card,
  type CardList,
  type ContactPage,
  type Pipeline,
} from '@atende/contract';
import { api, login, type Session } from './fixtures.ts';
import type { HttpScenario } from './scenarios.ts';

/** The board's size in the target (board p99 ≤ 100 ms, move p99 ≤ 50 ms); --board-cards changes it. */
export const BOARD_CARDS = 5_000;
/** Open steps the cards spread over, and a final one (status=open leaves it out of the board). */
const OPEN_STEPS = 4;
/** Customers the cards belong to (a customer has several cards, as on a real board). */
const CUSTOMERS = 1_000;
/** Cards created at once while preparing. */
const CREATE_CONCURRENCY = 16;

export type Board = {
  pipelineId: string;
  /** The open steps, in order. */
  stepIds: string[];
  /** Every card's id, in creation order. */
  cardIds: string[];
  /** Who reads and moves: a supervising role sees every card of the board. */
  supervisor: Session;
};

const boardPath = (board: Board, status: 'open' | 'all') =>
  `/api/user/pipeline?pipeline_id=${board.pipelineId}&status=${status}`;

async function customers(baseUrl: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '200', ...(cursor && { cursor }) });
    const page: ContactPage = await api<ContactPage>(baseUrl, `/api/contacts?${query}`, token);
    ids.push(...page.data.map((contact) => contact.id));
    cursor = page.next_cursor;
  } while (cursor && ids.length < CUSTOMERS);
  if (!ids.length) throw new Error('pipeline board: the bench company has no customers');
  return ids;
}

/** Creates the pipeline (as the administrator) and its cards (appended to their step, as the board adds them). */
export async function prepareBoard(baseUrl: string, runId: string, size = BOARD_CARDS): Promise<Board> {
  const admin = await login(baseUrl, 'admin');
  const supervisor = await login(baseUrl, 'supervisor');
  const pipeline = await api<Pipeline>(baseUrl, '/api/pipeline', admin.token, {
    name: `Bench board ${runId}`,
    steps: [
      ...Array.from({ length: OPEN_STEPS }, (_, n) => ({ name: `Etapa ${n + 1}` })),
      { name: 'Ganho', final: true },
    ],
  });
  const stepIds = pipeline.steps.filter((step) => !step.final).map((step) => step.id);
  const contactIds = await customers(baseUrl, supervisor.token);
  const cardIds: string[] = new Array<string>(size);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < size; i = next++) {
      const stepId = stepIds[i % stepIds.length]!;
      const card = await api<Card>(
        baseUrl,
        `/api/pipeline/${pipeline.id}/steps/${stepId}/item`,
        supervisor.token,
        { contact_id: contactIds[i % contactIds.length], name: `Negócio ${i + 1}` },
      );
      cardIds[i] = card.id;
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
  return { pipelineId: pipeline.id, stepIds, cardIds, supervisor };
}

/** A small deterministic generator, so two runs move the same way. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

/**
 * The moves, at random: a card not being moved already goes to another open step (2 in 3) or stays in its step
 * (1 in 3), after a card of that step (first or last now and then). The planner knows where every card is
 * (it decided it), and keeps a card in flight, and the card it is placed after, out of other moves until the
 * answer, so no move names a neighbour that another has just taken away: every error is the server's. The
 * neighbours are any cards, so moves race each other into the same steps (the unique index, the moves'
 * runs again and the step's lock are what the run exercises).
 */
class MovePlanner {
  private readonly stepOf = new Map<string, string>();
  /** The cards of each step, in no order, and each card's index there: a neighbour is drawn without a scan. */
  private readonly members = new Map<string, string[]>();
  private readonly slot = new Map<string, number>();
  private readonly draw = random(24);
  /** Cards in flight (the moved one and its new neighbour), by the moved card. */
  private readonly busy = new Map<string, string | null>();
  private readonly held = new Set<string>();

  constructor(private readonly board: Board) {
    this.place(board.cardIds.map((id, i) => ({ id, step_id: board.stepIds[i % board.stepIds.length]! })));
  }

  private place(cards: { id: string; step_id: string }[]): void {
    this.stepOf.clear();
    this.slot.clear();
    for (const step of this.board.stepIds) this.members.set(step, []);
    for (const card of cards) this.join(card.id, card.step_id);
  }

  private join(cardId: string, stepId: string): void {
    let members = this.members.get(stepId);
    if (!members) this.members.set(stepId, (members = []));
    this.stepOf.set(cardId, stepId);
    this.slot.set(cardId, members.length);
    members.push(cardId);
  }

  private leave(cardId: string): void {
    const members = this.members.get(this.stepOf.get(cardId)!)!;
    const at = this.slot.get(cardId)!;
    const last = members.pop()!;
    if (last !== cardId) {
      members[at] = last;
      this.slot.set(last, at);
    }
  }

  /** Where every card is, as the server says, and nothing in flight (before a run). */
  resync(cards: CardList['data']): void {
    this.place(cards);
    this.busy.clear();
    this.held.clear();
  }

  private pick<T>(items: T[]): T {
    return items[Math.floor(this.draw() * items.length)]!;
  }

  /** A card of the step neither `cardId` nor in flight, drawn at random; null when there is none. */
  private neighbour(stepId: string, cardId: string): string | null {
    const members = this.members.get(stepId)!;
    const free = (id: string) => id !== cardId && !this.held.has(id);
    // In flight are at most two cards a connection, a few dozen among thousands: a draw or two finds one.
    for (let tries = 0; tries < 32 && members.length; tries++) {
      const id = this.pick(members);
      if (free(id)) return id;
    }
    const rest = members.filter(free);
    return rest.length ? this.pick(rest) : null;
  }

  next(): { path: string; body: { after_id?: string | null } } {
    const cards = this.board.cardIds;
    let cardId = this.pick(cards);
    while (this.held.has(cardId)) cardId = this.pick(cards);
    const from = this.stepOf.get(cardId)!;
    const to = this.draw() < 1 / 3 ? from : this.pick(this.board.stepIds.filter((step) => step !== from));
    const roll = this.draw();
    let afterId: string | null | undefined;
    if (roll < 0.05) afterId = null;
    else if (roll < 0.1 && to !== from) afterId = undefined;
    // Within a step the body must say where (an empty body moves nothing): first when it holds no other card.
    else afterId = this.neighbour(to, cardId);
    this.leave(cardId);
    this.join(cardId, to);
    this.busy.set(cardId, afterId ?? null);
    this.held.add(cardId);
    if (afterId) this.held.add(afterId);
    return {
      path: `/api/pipeline/${this.board.pipelineId}/steps/${to}/item/${cardId}`,
      body: afterId === undefined ? {} : { after_id: afterId },
    };
  }

  /** The answer to the move at `path` came: its cards may move again. */
  done(path: string): void {
    const cardId = path.slice(path.lastIndexOf('/') + 1);
    const afterId = this.busy.get(cardId);
    if (afterId === undefined) return;
    this.busy.delete(cardId);
    this.held.delete(cardId);
    if (afterId) this.held.delete(afterId);
  }
}

export function pipelineScenarios(board: Board): {
  scenarios: HttpScenario[];
  beforeRun: (name: string, baseUrl: string) => Promise<void>;
} {
  const planner = new MovePlanner(board);
  const token = board.supervisor.token;
  /** Second pages of the open steps (their boards' next_cursor), read before the step-page runs. */
  let pages: string[] = [];
  const scenarios: HttpScenario[] = [
    {
      kind: 'http',
      name: 'pipeline_board',
      description: `GET /api/pipeline/:id/board?status=open: each step's first ${BOARD_PAGE_SIZE} cards and its total, a board of ${board.cardIds.length} cards (supervisor)`,
      next: () => ({ method: 'GET', path: `/api/pipeline/${board.pipelineId}/board?status=open`, token }),
    },
    {
      kind: 'http',
      name: 'pipeline_board_whole',
      description: `GET /api/user/pipeline?pipeline_id&status=open: the same board read whole (the call before paging)`,
      next: () => ({ method: 'GET', path: boardPath(board, 'open'), token }),
    },
    {
      kind: 'http',
      name: 'pipeline_step_page',
      description: `GET /api/pipeline/:id/steps/:stepId/items?cursor&limit=${BOARD_PAGE_SIZE}: a step's second page, steps in turn`,
      next: (_fixtures, connection, n) => ({
        method: 'GET',
        path: pages[(connection + n) % pages.length]!,
        token,
      }),
    },
    {
      kind: 'http',
      name: 'pipeline_move',
      description: `PUT …/steps/:stepId/item/:itemId with after_id on that board: 2 in 3 to another step, 1 in 3 within its step`,
      next: () => ({ method: 'PUT', ...planner.next(), token }),
      done: (request) => planner.done(request.path),
    },
  ];
  return {
    scenarios,
    /** Before each run (warm-up and measured): the last requests of the one before may not have been sent. */
    beforeRun: async (name, baseUrl) => {
      if (name === 'pipeline_move') planner.resync(await settledBoard(board, baseUrl));
      if (name === 'pipeline_step_page') {
        const columns = await api<BoardAnswer>(
          baseUrl,
          `/api/pipeline/${board.pipelineId}/board?status=open`,
          token,
        );
        pages = columns.data
          .filter((step) => step.next_cursor)
          .map(
            (step) =>
              `/api/pipeline/${board.pipelineId}/steps/${step.id}/items?status=open&limit=${BOARD_PAGE_SIZE}&cursor=${step.next_cursor}`,
          );
        if (!pages.length)
          throw new Error('pipeline_step_page: no step has a second page (a larger --board-cards)');
      }
    },
  };
}

const readBoard = async (board: Board, baseUrl: string) =>
  (await api<CardList>(baseUrl, boardPath(board, 'all'), board.supervisor.token)).data;

/**
 * The board once the moves of the run before are all written: the server goes on with the requests in flight
 * when the load generator stopped, so the board is read until two reads half a second apart agree.
 */
async function settledBoard(board: Board, baseUrl: string): Promise<CardList['data']> {
  const places = (cards: CardList['data']) => cards.map((card) => `${card.id}@${card.position}`).join();
  let cards = await readBoard(board, baseUrl);
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await readBoard(board, baseUrl);
    if (places(again) === places(cards)) return again;
    cards = again;
  }
  throw new Error('pipeline board: still changing 10 s after the moves stopped');
}

/**
 * The board after the moves, read through the API: every card once, each step's positions unique and
 * ascending in the order the board lists them. Returns what is wrong (empty: nothing).
 */
export async function checkBoard(board: Board, baseUrl: string): Promise<string[]> {
  const cards = await readBoard(board, baseUrl);
  const problems: string[] = [];
  if (cards.length !== board.cardIds.length)
    problems.push(`${cards.length} cards on the board, not ${board.cardIds.length}`);
  const ids = new Set(cards.map((card) => card.id));
  if (ids.size !== cards.length) problems.push(`${cards.length - ids.size} cards listed twice`);
  const missing = board.cardIds.filter((id) => !ids.has(id)).length;
  if (missing) problems.push(`${missing} cards missing`);
  const stepOrder = new Map(board.stepIds.map((id, n) => [id, n]));
  let previous: { step: number; position: number } | null = null;
  const counts = new Map<string, number>();
  for (const card of cards) {
    const step = stepOrder.get(card.step_id);
    if (step === undefined) {
      problems.push(`card ${card.id} in step ${card.step_id}, not an open step of the board`);
      continue;
    }
    counts.set(card.step_id, (counts.get(card.step_id) ?? 0) + 1);
    if (previous && (step < previous.step || (step === previous.step && card.position <= previous.position)))
      problems.push(`card ${card.id}: position ${card.position} after ${previous.position} in its step`);
    previous = { step, position: card.position };
  }
  console.log(
    `pipeline board after the moves: ${cards.length} cards, per step ${board.stepIds.map((id) => counts.get(id) ?? 0).join('/')}`,
  );
  return problems.slice(0, 10);
}
