// The pipeline calls of spec §7 the console makes: the pipelines, a board (paged by list), a customer's cards,
// one card and its changes (move, fields, labels, rating, cover, files), its comments. Every key starts with
// PIPELINES_KEY so realtime events reach them all. Dialogs and forms show their own errors: no toast.
import type {
  Board,
  Card,
  CardList,
  CardStatus,
  Comment,
  CommentPage,
  NewCardRequest,
  StepPage,
  UpdateCardRequest,
} from '@atende/contract';
import { COMMENTS_PAGE_SIZE } from '@atende/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pipelinesQuery } from '../../lib/catalogues.ts';
import { http, request } from '../../lib/http.ts';

const quiet = { notify: false } as const;
const id = encodeURIComponent;

/** The start of every pipeline key: the pipelines catalogue's own key. */
export const PIPELINES_KEY = ['pipelines'] as const;

/** What a board shows besides its pipeline: the spec's open / finished / all and the filters. */
export interface BoardFilters {
  status: CardStatus;
  labelId: string | null;
  responsibleId: string | null;
  q: string;
}

export const pipelineKeys = {
  list: pipelinesQuery.queryKey,
  boards: [...PIPELINES_KEY, 'board'] as const,
  board: (pipelineId: string, filters: BoardFilters) =>
    [...PIPELINES_KEY, 'board', pipelineId, filters] as const,
  ofContact: (contactId: string) => [...PIPELINES_KEY, 'contact', contactId] as const,
  card: (cardId: string) => [...PIPELINES_KEY, 'card', cardId] as const,
  comments: (cardId: string) => [...PIPELINES_KEY, 'comments', cardId] as const,
};

/** The pipelines the user sees: a catalogue of the initial load (spec §7, two attempts). */
export { pipelinesQuery };

/** The board's filters as the query string of its calls. */
const boardParams = (filters: BoardFilters) => ({
  status: filters.status,
  label_id: filters.labelId ?? undefined,
  responsible_id: filters.responsibleId ?? undefined,
  q: filters.q.trim() || undefined,
});

/** Every list's first page and how many cards it holds in all, under the filters. */
export const fetchBoard = (pipelineId: string, filters: BoardFilters, signal?: AbortSignal) =>
  http.get<Board>(`/pipeline/${id(pipelineId)}/board`, { query: boardParams(filters), signal, ...quiet });

export const boardQuery = (pipelineId: string, filters: BoardFilters) =>
  queryOptions({
    queryKey: pipelineKeys.board(pipelineId, filters),
    queryFn: ({ signal }) => fetchBoard(pipelineId, filters, signal),
    placeholderData: keepPreviousData,
  });

/** A list's page after `cursor` (the board's `next_cursor` of the list, then the previous page's). */
export const fetchStepPage = (pipelineId: string, stepId: string, filters: BoardFilters, cursor: string) =>
  http.get<StepPage>(`/pipeline/${id(pipelineId)}/steps/${id(stepId)}/items`, {
    query: { ...boardParams(filters), cursor },
    ...quiet,
  });

export const contactCardsQuery = (contactId: string) =>
  queryOptions({
    queryKey: pipelineKeys.ofContact(contactId),
    queryFn: ({ signal }) =>
      http.get<CardList>('/user/pipeline', {
        query: { contact_id: contactId, status: 'all' },
        signal,
        ...quiet,
      }),
  });

const item = (pipelineId: string, cardId: string) => `/pipeline/${id(pipelineId)}/item/${id(cardId)}`;

export const fetchCard = (pipelineId: string, cardId: string, signal?: AbortSignal) =>
  http.get<Card>(item(pipelineId, cardId), { signal, ...quiet });

export const cardQuery = (pipelineId: string, cardId: string) =>
  queryOptions({
    queryKey: pipelineKeys.card(cardId),
    queryFn: ({ signal }) => fetchCard(pipelineId, cardId, signal),
  });

export const commentsQuery = (pipelineId: string, cardId: string, page: number) =>
  queryOptions({
    queryKey: [...pipelineKeys.comments(cardId), page] as const,
    queryFn: ({ signal }) =>
      http.get<CommentPage>(`${item(pipelineId, cardId)}/comments`, {
        query: { page: String(page), limit: String(COMMENTS_PAGE_SIZE), oc: 'created_at', od: 'desc' },
        signal,
        ...quiet,
      }),
    placeholderData: keepPreviousData,
  });

export const createCard = (pipelineId: string, stepId: string, body: NewCardRequest) =>
  http.post<Card>(`/pipeline/${id(pipelineId)}/steps/${id(stepId)}/item`, body, quiet);

/** Changes fields and/or moves the card to `stepId`, after `after_id` (null: first). */
export const updateCard = (pipelineId: string, stepId: string, cardId: string, body: UpdateCardRequest) =>
  request<Card>(`/pipeline/${id(pipelineId)}/steps/${id(stepId)}/item/${id(cardId)}`, {
    method: 'PUT',
    body,
    ...quiet,
  });

export const deleteCard = (pipelineId: string, cardId: string) =>
  request<unknown>(item(pipelineId, cardId), { method: 'DELETE', ...quiet });

export const rateCard = (pipelineId: string, cardId: string, rating: number) =>
  http.post<Card>(`${item(pipelineId, cardId)}/rating`, { rating }, quiet);

export const toggleCardLabel = (pipelineId: string, cardId: string, labelId: string) =>
  http.post<Card>(`${item(pipelineId, cardId)}/label/${id(labelId)}`, {}, quiet);

export const setCover = (pipelineId: string, cardId: string, attachmentId: string, on: boolean) =>
  request<Card>(`${item(pipelineId, cardId)}/attachment/${id(attachmentId)}/cover`, {
    method: on ? 'POST' : 'DELETE',
    ...quiet,
  });

export function uploadAttachment(pipelineId: string, cardId: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<Card>(`${item(pipelineId, cardId)}/attachment`, form, quiet);
}

export const removeAttachment = (pipelineId: string, cardId: string, attachmentId: string) =>
  request<Card>(`${item(pipelineId, cardId)}/attachment/${id(attachmentId)}`, { method: 'DELETE', ...quiet });

export const addComment = (pipelineId: string, cardId: string, text: string) =>
  http.post<Comment>(`${item(pipelineId, cardId)}/comments`, { text }, quiet);

export const editComment = (pipelineId: string, cardId: string, commentId: string, text: string) =>
  request<Comment>(`${item(pipelineId, cardId)}/comments/${id(commentId)}`, {
    method: 'PUT',
    body: { text },
    ...quiet,
  });

export const removeComment = (pipelineId: string, cardId: string, commentId: string) =>
  request<unknown>(`${item(pipelineId, cardId)}/comments/${id(commentId)}`, { method: 'DELETE', ...quiet });
