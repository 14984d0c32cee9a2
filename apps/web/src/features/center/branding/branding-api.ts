// The Center's white-label calls (GET/PUT /center/branding, POST/DELETE /center/branding/:kind). The page
// shows their errors in place: no toast.
import type { BrandFile, BrandingSettings, CenterBranding } from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';

const quiet = { notify: false } as const;

export const brandingQuery = queryOptions({
  queryKey: ['center', 'branding'] as const,
  queryFn: ({ signal }) => http.get<CenterBranding>('/center/branding', { signal, ...quiet }),
});

export const saveBrandingSettings = (input: BrandingSettings) =>
  request<CenterBranding>('/center/branding', { method: 'PUT', body: input, ...quiet });

export function uploadBrandFile(kind: BrandFile, file: File) {
  const form = new FormData();
  form.set('file', file, file.name);
  return http.post<CenterBranding>(`/center/branding/${kind}`, form, quiet);
}

export const removeBrandFile = (kind: BrandFile) =>
  request<CenterBranding>(`/center/branding/${kind}`, { method: 'DELETE', ...quiet });
