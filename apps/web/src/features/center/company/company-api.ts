// The Center's company-settings calls (GET/PATCH /center/company, GET /center/company/retention-preview). The
// page shows their errors in place: no toast.
import type { CenterCompanySettings, RetentionPreview, UpdateCompanySettings } from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';

const quiet = { notify: false } as const;

export const companySettingsQuery = queryOptions({
  queryKey: ['center', 'company'] as const,
  queryFn: ({ signal }) => http.get<CenterCompanySettings>('/center/company', { signal, ...quiet }),
});

export const saveCompanySettings = (input: UpdateCompanySettings) =>
  request<CenterCompanySettings>('/center/company', { method: 'PATCH', body: input, ...quiet });

export const previewRetention = (months: number) =>
  http.get<RetentionPreview>(`/center/company/retention-preview?months=${months}`, quiet);
