// A company as the contract names it beside other objects (resources, the signed-in user): its id and name.
import type { Company } from './service.ts';

export const presentCompanyRef = (company: Pick<Company, 'id' | 'name'>) => ({
  id: company.id,
  name: company.name,
});
