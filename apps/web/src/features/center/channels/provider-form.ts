// The form of a provider account (WhatsApp, Messenger, Instagram, Telegram, Viber, SMS, the generic API), drawn
// from the contract's PROVIDER_FIELDS: its fields named by the paths the server's validation errors carry
// (`settings.page_id`, `secrets.app_secret`), their values, the checks the server also makes, and the input
// sent — secret fields left empty are not sent, so the stored secrets stay.
import {
  isHttpUrl,
  PROVIDER_FIELDS,
  type CenterChannelAccount,
  type ChannelAccountInput,
  type ProviderField,
  type ProviderKind,
} from '@atende/contract';
import { checkText, found, type Problem, type Problems } from './field-rules.ts';

export type ProviderFieldName = `settings.${string}` | `secrets.${string}`;
export type ProviderForm = { name: string; enabled: boolean; address: string } & {
  [field: ProviderFieldName]: string;
};

export const formFieldOf = (field: ProviderField): ProviderFieldName =>
  `${field.secret ? 'secrets' : 'settings'}.${field.name}`;

/** A new account's fields start empty (a choice at its first option); an edited one shows what is stored. */
export function providerFormOf(kind: ProviderKind, account: CenterChannelAccount | null): ProviderForm {
  const form: ProviderForm = {
    name: account?.name ?? '',
    enabled: account?.enabled ?? true,
    address: account?.address ?? '',
  };
  for (const field of PROVIDER_FIELDS[kind]) {
    const stored = field.secret ? '' : account?.provider?.settings[field.name];
    form[formFieldOf(field)] = stored || (field.choices?.[0] ?? '');
  }
  return form;
}

function checkField(field: ProviderField, value: string, storedSecret: boolean): Problem | undefined {
  const required = field.required && !(field.secret && storedSecret);
  const text = field.secret ? value : value.trim();
  const problem = checkText(text, field.max, required);
  if (problem || text === '') return problem;
  if (field.url && !isHttpUrl(text)) return { key: 'centerChannels.problems.invalidUrl' };
  if (field.pattern && !field.pattern.test(text)) return { key: 'centerChannels.problems.invalidFormat' };
  return undefined;
}

/** The checks of a kind's form; `stored` names the secrets the account already holds (blank keeps them). */
export function providerChecks(kind: ProviderKind, stored: readonly string[]) {
  return (form: ProviderForm): Problems<string> => {
    const checks: Record<string, Problem | undefined> = {
      name: checkText(form.name, 120),
      address: checkText(form.address, 120, false),
    };
    for (const field of PROVIDER_FIELDS[kind]) {
      const name = formFieldOf(field);
      checks[name] = checkField(field, form[name] ?? '', stored.includes(field.name));
    }
    return found(checks);
  };
}

export function providerInputOf(kind: ProviderKind) {
  return (form: ProviderForm): ChannelAccountInput => {
    const settings: Record<string, string> = {};
    const secrets: Record<string, string> = {};
    for (const field of PROVIDER_FIELDS[kind]) {
      const value = form[formFieldOf(field)] ?? '';
      if (field.secret) {
        if (value !== '') secrets[field.name] = value;
      } else settings[field.name] = value.trim();
    }
    const address = form.address.trim();
    return {
      kind,
      name: form.name.trim(),
      enabled: form.enabled,
      address: address === '' ? null : address,
      settings,
      secrets,
    } as ChannelAccountInput;
  };
}
