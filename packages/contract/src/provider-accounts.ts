// The channel accounts whose provider is reached over HTTP (WhatsApp Cloud, Messenger, Instagram, Telegram,
// Viber, Twilio SMS and the generic API): their fields are described once here, so the server validates what
// the Center's form shows, and the form is drawn from the same list. Secrets go in and never come back out.
import { z } from 'zod';
import { encodedText, requiredText, text, Timestamp } from './common.ts';
import type { ChannelKind } from './enums.ts';

export const PROVIDER_KINDS = [
  'whatsapp',
  'messenger',
  'instagram_direct',
  'telegram',
  'viber',
  'sms',
  'api',
] as const satisfies readonly ChannelKind[];
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export const isProviderKind = (kind: string): kind is ProviderKind =>
  (PROVIDER_KINDS as readonly string[]).includes(kind);

/** The path segment of a kind's webhook address (`/api/webhooks/<slug>/<account id>`). */
export const WEBHOOK_SLUGS: Record<ProviderKind, string> = {
  whatsapp: 'whatsapp',
  messenger: 'messenger',
  instagram_direct: 'instagram',
  telegram: 'telegram',
  viber: 'viber',
  sms: 'sms',
  api: 'api',
};
export const kindOfWebhookSlug = (slug: string): ProviderKind | null =>
  PROVIDER_KINDS.find((kind) => WEBHOOK_SLUGS[kind] === slug) ?? null;

/**
 * One field of a provider account's form. `secret` fields are sealed at rest and only said to be stored;
 * `choices` make a select; `pattern` is checked in the form and on the server alike.
 */
export type ProviderField = {
  name: string;
  secret?: boolean;
  required: boolean;
  max: number;
  pattern?: RegExp;
  choices?: readonly string[];
  /** An address (https://…) the server calls: a provider's API root, an integrator's webhook. */
  url?: boolean;
};

const DIGITS = /^\d{1,40}$/;
const TOKENISH = /^[\x21-\x7e]+$/;
const apiRoot: ProviderField = { name: 'api_base_url', required: false, max: 300, url: true };
/**
 * Messages a second broadcasts may hand this account (1–1000): the provider's documented figure by default
 * (BROADCAST_THROUGHPUT); set when the account's tier differs (a WhatsApp number upgraded past 80/s, a Twilio
 * short code at 100/s against a long code's 1/s).
 */
export const broadcastRate: ProviderField = {
  name: 'broadcast_rate',
  required: false,
  max: 4,
  pattern: /^(?:[1-9]\d{0,2}|1000)$/,
};

/**
 * The fields of each kind. `api_base_url` points an account at another API root than the provider's own (a
 * regional proxy, or the provider's simulator on the demo); empty means the provider's public API.
 */
export const PROVIDER_FIELDS: Record<ProviderKind, readonly ProviderField[]> = {
  whatsapp: [
    { name: 'phone_number_id', required: true, max: 40, pattern: DIGITS },
    { name: 'business_account_id', required: true, max: 40, pattern: DIGITS },
    { name: 'access_token', secret: true, required: true, max: 1000, pattern: TOKENISH },
    { name: 'app_secret', secret: true, required: true, max: 200, pattern: TOKENISH },
    broadcastRate,
    apiRoot,
  ],
  messenger: [
    { name: 'page_id', required: true, max: 40, pattern: DIGITS },
    { name: 'page_access_token', secret: true, required: true, max: 1000, pattern: TOKENISH },
    { name: 'app_secret', secret: true, required: true, max: 200, pattern: TOKENISH },
    broadcastRate,
    apiRoot,
  ],
  instagram_direct: [
    { name: 'instagram_id', required: true, max: 40, pattern: DIGITS },
    /** Instagram Login (graph.instagram.com, the account's token) or Facebook Login (the linked page's). */
    { name: 'login', required: true, max: 20, choices: ['instagram', 'facebook'] },
    { name: 'page_id', required: false, max: 40, pattern: DIGITS },
    { name: 'access_token', secret: true, required: true, max: 1000, pattern: TOKENISH },
    { name: 'app_secret', secret: true, required: true, max: 200, pattern: TOKENISH },
    broadcastRate,
    apiRoot,
  ],
  telegram: [
    {
      name: 'bot_token',
      secret: true,
      required: true,
      max: 200,
      pattern: /^\d{1,20}:[A-Za-z0-9_-]{20,120}$/,
    },
    broadcastRate,
    apiRoot,
  ],
  viber: [
    { name: 'sender_name', required: true, max: 28 },
    { name: 'sender_avatar', required: false, max: 300, url: true },
    { name: 'auth_token', secret: true, required: true, max: 200, pattern: TOKENISH },
    broadcastRate,
    apiRoot,
  ],
  sms: [
    { name: 'account_sid', required: true, max: 64, pattern: /^AC[0-9a-fA-F]{32}$/ },
    { name: 'from_number', required: false, max: 20, pattern: /^\+[1-9]\d{6,14}$/ },
    { name: 'messaging_service_sid', required: false, max: 64, pattern: /^MG[0-9a-fA-F]{32}$/ },
    { name: 'auth_token', secret: true, required: true, max: 200, pattern: TOKENISH },
    broadcastRate,
    apiRoot,
  ],
  api: [{ name: 'webhook_url', required: false, max: 300, url: true }, broadcastRate],
};

/**
 * Secrets the server makes for an account rather than the administrator typing them: the token Meta echoes in
 * its verification handshake, Telegram's secret_token, the generic API's signing keys. Shown to administrators
 * so they can paste them into the provider's console.
 */
export const GENERATED_SECRETS: Record<ProviderKind, readonly string[]> = {
  whatsapp: ['verify_token'],
  messenger: ['verify_token'],
  instagram_direct: ['verify_token'],
  telegram: ['webhook_secret'],
  viber: [],
  sms: [],
  api: ['inbound_secret', 'outbound_secret'],
};

const HTTP_URL = /^https?:\/\/[^\s/?#]+(?:[/?#][^\s]*)?$/;
/** An http(s) address with a host: what a `url` field takes (the Center's form checks the same). */
export const isHttpUrl = (value: string) => HTTP_URL.test(value);

function fieldSchema(field: ProviderField) {
  const base = field.secret ? encodedText(field.max) : text(field.max);
  return base.refine(
    (value) =>
      value === '' ||
      ((!field.pattern || field.pattern.test(value)) &&
        (!field.url || isHttpUrl(value)) &&
        (!field.choices || field.choices.includes(value))),
    { message: 'invalid_format' },
  );
}

/** The non-secret fields of a kind; a required one may not be empty. */
export function providerSettingsSchema(kind: ProviderKind) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of PROVIDER_FIELDS[kind].filter((each) => !each.secret)) {
    const schema = fieldSchema(field);
    shape[field.name] = field.required
      ? schema.refine((value) => value !== '', { message: 'required' })
      : schema.default('');
  }
  return z.strictObject(shape);
}

/** The secret fields of a kind: absent or empty on an update keeps the stored one. */
export function providerSecretsSchema(kind: ProviderKind) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of PROVIDER_FIELDS[kind].filter((each) => each.secret)) {
    shape[field.name] = fieldSchema(field).optional();
  }
  return z.strictObject(shape).default({});
}

const ProviderAccountBase = z.object({
  name: requiredText(120),
  enabled: z.boolean().default(true),
  /** What customers know the account by (a phone number, @page, bot name): shown in the reply picker. */
  address: text(120).nullable().default(null),
});

export const providerAccountInput = <K extends ProviderKind>(kind: K) =>
  ProviderAccountBase.extend({
    kind: z.literal(kind),
    settings: providerSettingsSchema(kind),
    secrets: providerSecretsSchema(kind),
  });

/** How an account has been doing: what arrived and left last, and the last thing that went wrong. */
export const ChannelHealth = z.object({
  last_inbound_at: Timestamp.nullable(),
  last_outbound_at: Timestamp.nullable(),
  last_error: z.string().nullable(),
  last_error_at: Timestamp.nullable(),
});
export type ChannelHealth = z.infer<typeof ChannelHealth>;

/** A provider account as the Center shows it. */
export const ProviderAccountView = z.object({
  settings: z.record(z.string(), z.string()),
  /** Which secret fields hold a value. */
  stored_secrets: z.array(z.string()),
  /** Where the provider must send its webhooks, and the server-made secrets to paste beside it. */
  webhook_url: z.string(),
  generated: z.record(z.string(), z.string()),
});
export type ProviderAccountView = z.infer<typeof ProviderAccountView>;

/** Whether a kind's provider offers registering the webhook address through its API (Telegram, Viber). */
export const WEBHOOK_REGISTRATION: Record<ProviderKind, boolean> = {
  whatsapp: false,
  messenger: false,
  instagram_direct: false,
  telegram: true,
  viber: true,
  sms: false,
  api: false,
};
