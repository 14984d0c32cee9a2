// The company name last typed at login, kept in this browser: the login form starts with it, and the login
// page asks for that company's white-label (a company without its own host still sees its brand).
const COMPANY_STORAGE_KEY = 'atende.company';

export const rememberedCompany = (): string => {
  try {
    return localStorage.getItem(COMPANY_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
};

export const rememberCompany = (company: string): void => {
  try {
    localStorage.setItem(COMPANY_STORAGE_KEY, company);
  } catch {
    // Nothing to do: the field is simply empty next time.
  }
};
