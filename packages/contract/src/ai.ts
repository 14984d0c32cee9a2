// AI text enhancement and audio transcription (spec §1, §2 AI text enhancement modal, §7 content-enhancement and
// transcribe): the composer's actions on a draft, the streamed answer's lines, the company's provider settings
// in the Center, and what the console needs to know of them.
import { z } from 'zod';
import { encodedText, text, Timestamp, Id } from './common.ts';
import { ChannelKind, Language } from './enums.ts';
import { isHttpUrl } from './provider-accounts.ts';

export const ENHANCEMENT_ACTIONS = ['fix', 'formal', 'friendly', 'shorter', 'clearer', 'translate'] as const;
export const EnhancementAction = z.enum(ENHANCEMENT_ACTIONS);
export type EnhancementAction = z.infer<typeof EnhancementAction>;

/** The longest draft accepted at all; the draft's channel sets the real limit (CHANNEL_TEXT_MAX). */
export const ENHANCEMENT_DRAFT_MAX = 20_000;
/** How many of the conversation's last messages are given to the provider for tone. */
export const ENHANCEMENT_CONTEXT_MESSAGES = 6;
/** The longest audio sent for transcription (the providers' own limit is 25 MB). */
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;

export const ContentEnhancementRequest = z.object({
  action: EnhancementAction,
  /** The draft as typed (its emptiness and length are checked by the service, with translated messages). */
  text: encodedText(ENHANCEMENT_DRAFT_MAX),
  /** The channel the draft will go out on: its limit applies. */
  channel: ChannelKind,
  /** The draft's language, for the embedded spelling fix's dictionary (default: the user's language). */
  language: Language.optional(),
});
export type ContentEnhancementRequest = z.infer<typeof ContentEnhancementRequest>;

/**
 * Who produced a suggestion: the company's provider, or the embedded spelling fix (Hunspell dictionaries and
 * rules) that answers `fix` when no provider is configured.
 */
export const EnhancementMode = z.enum(['provider', 'spelling_only']);
export type EnhancementMode = z.infer<typeof EnhancementMode>;

/**
 * One line of the streamed answer (`application/x-ndjson`): pieces of the suggestion as they come, then `done`,
 * or `error` when the provider fails after it started answering.
 */
export const EnhancementEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), mode: EnhancementMode }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type EnhancementEvent = z.infer<typeof EnhancementEvent>;

/** What the console shows of the company's AI: which actions work, and whether audio can be transcribed. */
export const AiStatus = z.object({
  provider: z.boolean(),
  transcription: z.boolean(),
});
export type AiStatus = z.infer<typeof AiStatus>;

export const Transcription = z.object({ message_id: Id, transcription: z.string() });
export type Transcription = z.infer<typeof Transcription>;

const httpUrl = text(300).refine(isHttpUrl, { message: 'invalid_format' });
const model = text(100).regex(/^[\x21-\x7e]*$/, { message: 'invalid_format' });

export const AiProviderRequest = z.object({
  /** The API root, e.g. https://api.openai.com/v1 */
  base_url: httpUrl,
  /** Absent or empty keeps the stored key; required the first time. */
  api_key: encodedText(500)
    .regex(/^[\x21-\x7e]*$/, { message: 'invalid_format' })
    .optional(),
  chat_model: model.min(1, { message: 'required' }),
  /** Empty: no transcription through this provider. */
  transcription_model: model.default(''),
  monthly_limit: z.number().int().min(1).max(10_000_000).nullable(),
  log_requests: z.boolean(),
});
export type AiProviderRequest = z.input<typeof AiProviderRequest>;

export const AiUsageEntry = z.object({
  user_id: Id.nullable(),
  name: z.string(),
  requests: z.number().int(),
});

export const AiRequestLogEntry = z.object({
  id: Id,
  user_name: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  duration_ms: z.number().int(),
  input_size: z.number().int(),
  output_size: z.number().int(),
  created_at: Timestamp,
});
export type AiRequestLogEntry = z.infer<typeof AiRequestLogEntry>;

export const AiSettings = z.object({
  provider: z
    .object({
      base_url: z.string(),
      /** The key itself never comes back: only that one is stored. */
      has_key: z.boolean(),
      chat_model: z.string(),
      transcription_model: z.string(),
      monthly_limit: z.number().int().nullable(),
      log_requests: z.boolean(),
    })
    .nullable(),
  usage: z.object({
    /** YYYY-MM (UTC) */
    month: z.string(),
    requests: z.number().int(),
    by_user: z.array(AiUsageEntry),
  }),
  /** The latest logged requests (sizes and outcomes, never text), newest first. */
  log: z.array(AiRequestLogEntry),
});
export type AiSettings = z.infer<typeof AiSettings>;

export const AiConnectionTest = z.object({ ok: z.literal(true), models: z.number().int() });
export type AiConnectionTest = z.infer<typeof AiConnectionTest>;
