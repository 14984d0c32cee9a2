// The AI text enhancement's calls: what the company's AI offers (a provider, or only the embedded spelling fix)
// and the streamed suggestion for a draft (POST conversation/{id}/content-enhancement, ndjson lines).
import type { AiStatus, ContentEnhancementRequest, EnhancementEvent } from '@atende/contract';
import { http, requestLines } from '../../../lib/http.ts';

export const aiStatusKey = ['ai', 'status'] as const;

export const fetchAiStatus = (): Promise<AiStatus> => http.get<AiStatus>('/ai/status', { notify: false });

export const streamEnhancement = (
  contactId: string,
  body: ContentEnhancementRequest,
  onEvent: (event: EnhancementEvent) => void,
  signal: AbortSignal,
): Promise<void> =>
  requestLines<EnhancementEvent>(
    `/conversation/${encodeURIComponent(contactId)}/content-enhancement`,
    { method: 'POST', body, notify: false, signal },
    onEvent,
  );
