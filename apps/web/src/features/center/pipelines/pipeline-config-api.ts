// The Center's pipeline calls (spec §7): create, change and archive a pipeline, and its labels. After each,
// the pipelines catalogue is fetched again (the server also announces pipeline.changed to open consoles).
import type { LabelRequest, Pipeline, PipelineLabel, PipelineRequest } from '@atende/contract';
import { http, request } from '../../../lib/http.ts';

const quiet = { notify: false } as const;
const id = encodeURIComponent;

export const createPipeline = (body: PipelineRequest) => http.post<Pipeline>('/pipeline', body, quiet);

export const updatePipeline = (pipelineId: string, body: PipelineRequest) =>
  request<Pipeline>(`/pipeline/${id(pipelineId)}`, { method: 'PUT', body, ...quiet });

export const archivePipeline = (pipelineId: string) =>
  request<unknown>(`/pipeline/${id(pipelineId)}`, { method: 'DELETE', ...quiet });

export const createLabel = (pipelineId: string, body: LabelRequest) =>
  http.post<PipelineLabel>(`/pipeline/${id(pipelineId)}/labels`, body, quiet);

export const updateLabel = (pipelineId: string, labelId: string, body: LabelRequest) =>
  request<PipelineLabel>(`/pipeline/${id(pipelineId)}/labels/${id(labelId)}`, {
    method: 'PUT',
    body,
    ...quiet,
  });

export const removeLabel = (pipelineId: string, labelId: string) =>
  request<unknown>(`/pipeline/${id(pipelineId)}/labels/${id(labelId)}`, { method: 'DELETE', ...quiet });
