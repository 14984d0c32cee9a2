// Product administration's calls (/product/…), for super administrators: the companies page as the table asks
// for it, creating, suspending, reactivating, opening a support session, and the product-wide settings.
// Forms and the table show their own errors: no toast.
import type {
  CompanyPage,
  CompanySort,
  CreateCompanyRequest,
  CreatedCompany,
  ImpersonationStarted,
  ProductCompany,
  ProductSettings,
  UpdateProductSettings,
} from '@atende/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';

const quiet = { notify: false } as const;

export type CompanyView = {
  search: string;
  sort: CompanySort;
  direction: 'asc' | 'desc';
  page: number;
};
export const COMPANY_TABLE_PAGE = 20;

/** Every page of the companies shares this key's start, so one invalidation refreshes them all. */
export const companiesKey = ['product', 'companies'] as const;

export const companiesQuery = (view: CompanyView) =>
  queryOptions({
    queryKey: [...companiesKey, view] as const,
    queryFn: ({ signal }) =>
      http.get<CompanyPage>('/product/companies', {
        query: {
          search: view.search.trim() || undefined,
          sort: view.sort,
          direction: view.direction,
          limit: String(COMPANY_TABLE_PAGE),
          offset: String((view.page - 1) * COMPANY_TABLE_PAGE),
        },
        signal,
        ...quiet,
      }),
    placeholderData: keepPreviousData,
  });

export const createCompany = (input: CreateCompanyRequest) =>
  http.post<CreatedCompany>('/product/companies', input, quiet);

export const setSuspended = (id: string, suspended: boolean) =>
  http.post<ProductCompany>(
    `/product/companies/${encodeURIComponent(id)}/${suspended ? 'suspend' : 'reactivate'}`,
    undefined,
    quiet,
  );

export const impersonate = (id: string) =>
  http.post<ImpersonationStarted>(`/product/companies/${encodeURIComponent(id)}/impersonate`, {}, quiet);

export const settingsQuery = queryOptions({
  queryKey: ['product', 'settings'] as const,
  queryFn: ({ signal }) => http.get<ProductSettings>('/product/settings', { signal, ...quiet }),
});

export const saveSettings = (input: UpdateProductSettings) =>
  request<ProductSettings>('/product/settings', { method: 'PATCH', body: input, ...quiet });
