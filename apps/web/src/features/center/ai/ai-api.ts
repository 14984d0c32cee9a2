// The Center's AI provider calls (GET/PUT/DELETE /center/ai, POST /center/ai/test). The page shows their errors
// in place: no toast.
import type { AiConnectionTest, AiProviderRequest, AiSettings } from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';

const quiet = { notify: false } as const;

export const aiSettingsQuery = queryOptions({
  queryKey: ['center', 'ai'] as const,
  queryFn: ({ signal }) => http.get<AiSettings>('/center/ai', { signal, ...quiet }),
});

export const saveAiProvider = (input: AiProviderRequest) =>
  request<AiSettings>('/center/ai', { method: 'PUT', body: input, ...quiet });

export const removeAiProvider = () => request<AiSettings>('/center/ai', { method: 'DELETE', ...quiet });

export const testAiProvider = () => http.post<AiConnectionTest>('/center/ai/test', {}, quiet);
