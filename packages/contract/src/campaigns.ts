// Power-dial campaigns (issue 27; spec §1 "run power-dial campaigns", §2 user campaigns modal and the customer's
// campaign page, §3 Phone campaign status / campaign_uuid_voice / the popup dial flow, §7 phone/next-dial and
// phone/user/campaign; ../shared/CHANNELS.md §8). A supervisor dials a transmission list's customers through the
// company's phone: preview (the attendant sees the customer and places the call), progressive (the call is
// placed for each free attendant) or power (the PBX dials `ratio` lines per free attendant and hands an answered
// customer to the first free one; a customer nobody takes within ABANDON_SECONDS is abandoned).
import { z } from 'zod';
import { Id, requiredText, text, Timestamp } from './common.ts';

export const CAMPAIGN_MODES = ['preview', 'progressive', 'power'] as const;
export const CampaignMode = z.enum(CAMPAIGN_MODES);
export type CampaignMode = z.infer<typeof CampaignMode>;

/** draft: being set up; running: dialling within its calling hours; paused by a supervisor; finished. */
export const CAMPAIGN_STATUSES = ['draft', 'running', 'paused', 'finished'] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** Lines dialled per available attendant in power mode (one decimal); preview and progressive dial one. */
export const CAMPAIGN_RATIO = { min: 1, max: 5, default: 1.5 } as const;
/** An answered customer not connected to an attendant within this is abandoned (CHANNELS.md §8). */
export const ABANDON_SECONDS = 2;
/** The abandon rate a campaign should stay under (shown as a warning past it). */
export const ABANDON_RATE_LIMIT = 0.03;
/** How long a campaign call rings before it counts as no answer (≥ 15 s, CHANNELS.md §8). */
export const CAMPAIGN_RING_SECONDS = 25;
/** The customary calling hours, in the customer's time zone. */
export const CALLING_HOURS_DEFAULT = { start: '08:00', end: '21:00' } as const;
export const CAMPAIGN_SCRIPT_MAX = 5000;
export const CAMPAIGN_ATTENDANTS_MAX = 200;

/**
 * What became of an attempt (a disposition). The dialer records the first four from the call itself; the
 * attendant picks the agent outcomes when classifying an answered call: callback plans a return (a schedule),
 * do-not-call blacklists the number, voicemail is retried by the campaign's rules. An answered call nobody
 * classified within the company's wrap-up is settled `unclassified` (the attendant may still classify it).
 */
export const CAMPAIGN_OUTCOMES = [
  'no_answer',
  'busy',
  'abandoned',
  'failed',
  'completed',
  'sale',
  'callback',
  'voicemail',
  'wrong_number',
  'do_not_call',
  'unclassified',
] as const;
export const CampaignOutcome = z.enum(CAMPAIGN_OUTCOMES);
export type CampaignOutcome = z.infer<typeof CampaignOutcome>;
/** The outcomes an attendant chooses for an answered campaign call. */
export const AGENT_OUTCOMES = [
  'completed',
  'sale',
  'callback',
  'voicemail',
  'wrong_number',
  'do_not_call',
] as const satisfies readonly CampaignOutcome[];
export const AgentOutcome = z.enum(AGENT_OUTCOMES);
export type AgentOutcome = z.infer<typeof AgentOutcome>;

/** The outcomes a campaign tries again, each after its own delay and up to its own number of tries. */
export const RETRY_OUTCOMES = [
  'no_answer',
  'busy',
  'voicemail',
  'abandoned',
  'failed',
] as const satisfies readonly CampaignOutcome[];
export const RETRY_AFTER_MINUTES = { min: 5, max: 10080, default: 60 } as const;
export const RETRY_MAX_TRIES = { min: 1, max: 10, default: 3 } as const;
export const RetryRule = z.object({
  after_minutes: z.number().int().min(RETRY_AFTER_MINUTES.min).max(RETRY_AFTER_MINUTES.max),
  /** Attempts in all for this outcome, the first included. */
  max_tries: z.number().int().min(RETRY_MAX_TRIES.min).max(RETRY_MAX_TRIES.max),
});
export type RetryRule = z.infer<typeof RetryRule>;
/** The rule of an outcome a request leaves out: not tried again (abandoned and failed calls had no rule at first). */
export const NOT_RETRIED: RetryRule = { after_minutes: RETRY_AFTER_MINUTES.default, max_tries: 1 };
export const RetryRules = z.object({
  no_answer: RetryRule,
  busy: RetryRule,
  voicemail: RetryRule,
  abandoned: RetryRule.default(NOT_RETRIED),
  failed: RetryRule.default(NOT_RETRIED),
});
export type RetryRules = z.infer<typeof RetryRules>;

const Clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'campaign_invalid_hours' });
/** Weekdays as Date#getDay numbers (0 Sunday … 6 Saturday). */
const Weekday = z.number().int().min(0).max(6);
/** When customers may be called, on their own clock (their time zone, else the company's). */
export const CallingHours = z
  .object({ start: Clock, end: Clock, days: z.array(Weekday).min(1).max(7) })
  .refine((hours) => hours.start < hours.end, { message: 'campaign_invalid_hours', path: ['end'] });
export type CallingHours = z.infer<typeof CallingHours>;

/** POST /api/campaigns and PUT /api/campaigns/{id} (a running campaign keeps its list and account). */
export const CampaignRequest = z.object({
  name: requiredText(120),
  /** A transmission list (the broadcasts' lists: a filter, picked contacts or an imported CSV). */
  list_id: Id,
  /** The voice channel account the calls leave through. */
  channel_account_id: Id,
  mode: CampaignMode,
  ratio: z
    .number()
    .min(CAMPAIGN_RATIO.min)
    .max(CAMPAIGN_RATIO.max)
    .transform((ratio) => Math.round(ratio * 10) / 10),
  calling_hours: CallingHours,
  retry: RetryRules,
  attendant_ids: z.array(Id).min(1, { message: 'campaign_no_attendants' }).max(CAMPAIGN_ATTENDANTS_MAX),
  script: text(CAMPAIGN_SCRIPT_MAX),
});
export type CampaignRequest = z.infer<typeof CampaignRequest>;

/** PATCH /api/campaigns/{id}/ratio: a supervisor changes the power ratio of a live campaign. */
export const CampaignRatioRequest = z.object({ ratio: CampaignRequest.shape.ratio });
export type CampaignRatioRequest = z.infer<typeof CampaignRatioRequest>;

/** POST /api/campaigns/{id}/{action}. */
export const CampaignAction = z.enum(['start', 'pause', 'resume', 'finish']);
export type CampaignAction = z.infer<typeof CampaignAction>;

export const CampaignStats = z.object({
  /** Customers of the list the campaign calls (blacklisted and number-less ones left out). */
  total: z.number().int(),
  /** Calls placed. */
  dialled: z.number().int(),
  answered: z.number().int(),
  abandoned: z.number().int(),
  /** abandoned / answered (0 when none answered). */
  abandon_rate: z.number(),
  /** Customers still to be called: never tried, or waiting for a retry. */
  remaining: z.number().int(),
  /** Calls ringing or talking now. */
  in_progress: z.number().int(),
  outcomes: z.record(CampaignOutcome, z.number().int()),
});
export type CampaignStats = z.infer<typeof CampaignStats>;

export const Campaign = z.object({
  id: Id,
  /** The campaign's id on the PBX (the X-Campaign header of its calls). */
  campaign_uuid_voice: Id,
  name: z.string(),
  status: CampaignStatus,
  list_id: Id,
  list_name: z.string(),
  channel_account_id: Id,
  mode: CampaignMode,
  ratio: z.number(),
  calling_hours: CallingHours,
  retry: RetryRules,
  attendants: z.array(z.object({ id: Id, name: z.string(), active: z.boolean() })),
  script: z.string(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  stats: CampaignStats,
});
export type Campaign = z.infer<typeof Campaign>;
export const CampaignList = z.object({ data: z.array(Campaign) });
export type CampaignList = z.infer<typeof CampaignList>;

/** An attendant of a live campaign: taking part or not, and what their phone is doing. */
export const CAMPAIGN_AGENT_STATES = [
  'offline',
  'inactive',
  'available',
  'dialling',
  'on_call',
  'wrap_up',
  'paused',
] as const;
export const CampaignAgentState = z.enum(CAMPAIGN_AGENT_STATES);
export type CampaignAgentState = z.infer<typeof CampaignAgentState>;

/** GET /api/campaigns/{id}/live: the supervisor's view, refreshed on `campaign.changed`. */
export const CampaignLive = z.object({
  campaign: Campaign,
  /**
   * Whether some remaining customer's clock (their number's time zone, else the company's) is within the
   * campaign's hours now; with nobody remaining, the company's clock (false: it waits for the hours).
   */
  within_hours: z.boolean(),
  /** Remaining customers whose clock is within the campaign's hours now. */
  callable: z.number().int(),
  agents: z.array(
    z.object({
      user_id: Id,
      name: z.string(),
      state: CampaignAgentState,
      since: Timestamp.nullable(),
      /** Campaign calls they took. */
      calls: z.number().int(),
      /** The customer on their line now. */
      contact_name: z.string().nullable(),
    }),
  ),
});
export type CampaignLive = z.infer<typeof CampaignLive>;

/** One call to a customer of a campaign (spec §3 campaign_detail). */
export const CampaignAttempt = z.object({
  id: Id,
  campaign_id: Id,
  campaign_name: z.string(),
  contact_id: Id,
  contact_name: z.string(),
  number: z.string(),
  /** 1 for the first call to this customer in this campaign. */
  try_number: z.number().int(),
  user: z.object({ id: Id, name: z.string() }).nullable(),
  /** The call's record, once placed. */
  call_record_id: Id.nullable(),
  started_at: Timestamp,
  answered_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
  outcome: CampaignOutcome.nullable(),
  notes: z.string().nullable(),
});
export type CampaignAttempt = z.infer<typeof CampaignAttempt>;
/** GET /api/campaigns/{id}/attempts: newest first, after the opaque cursor. */
export const CampaignAttemptQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: text(200).optional(),
});
export type CampaignAttemptQuery = z.infer<typeof CampaignAttemptQuery>;
export const CampaignAttemptPage = z.object({
  data: z.array(CampaignAttempt),
  next_cursor: z.string().nullable(),
});
export type CampaignAttemptPage = z.infer<typeof CampaignAttemptPage>;

/** GET /api/contacts/{id}/campaigns: the customer's campaign page (conversa/{contactId}/campanha). */
export const ContactCampaigns = z.object({
  data: z.array(
    z.object({
      campaign: z.object({ id: Id, name: z.string(), status: CampaignStatus }),
      /** Still to be called (never tried, or waiting for a retry) and when, if planned. */
      pending: z.boolean(),
      next_attempt_at: Timestamp.nullable(),
      attempts: z.array(CampaignAttempt),
    }),
  ),
});
export type ContactCampaigns = z.infer<typeof ContactCampaigns>;

/** GET /api/phone/user/campaign: the attendant's campaigns (spec §2 user campaigns modal). */
export const UserCampaign = z.object({
  campaign_id: Id,
  name: z.string(),
  status: CampaignStatus,
  mode: CampaignMode,
  /** Whether the attendant takes part now (they switch it in the update view). */
  active: z.boolean(),
  /** The update view: a running or paused campaign, and an attendant who may use the phone. */
  may_change: z.boolean(),
});
export type UserCampaign = z.infer<typeof UserCampaign>;
export const UserCampaignList = z.object({ data: z.array(UserCampaign) });
export type UserCampaignList = z.infer<typeof UserCampaignList>;
/** POST /api/phone/user/campaign. */
export const UserCampaignRequest = z.object({ campaign_id: Id, active: z.boolean() });
export type UserCampaignRequest = z.infer<typeof UserCampaignRequest>;

/**
 * What the attendant's console does with a campaign customer (the popup dial flow): `preview` shows the customer
 * and waits for the attendant to call or skip; `dial` places the call at once (progressive); `answered` opens the
 * conversation of a customer the PBX dialled and is handing to this attendant now (power).
 */
export const TRIGGER_ACTIONS = ['preview', 'dial', 'answered'] as const;
export const TriggerAction = z.enum(TRIGGER_ACTIONS);
export type TriggerAction = z.infer<typeof TriggerAction>;

/** GET /api/phone/next-dial (and the `campaign.dial` realtime event): the attendant's campaign customer now. */
export const NextDial = z.object({
  campaign_detail_id: Id,
  campaign_id: Id,
  campaign_name: z.string(),
  campaign_uuid_voice: Id,
  /** The customer's conversation (contact id) the popup opens. */
  conversation_id: Id,
  /** The customer's voice channel (the number dialled). */
  channel_id: Id,
  contact_name: z.string(),
  number: z.string(),
  script: z.string(),
  trigger_action: TriggerAction,
  try_number: z.number().int(),
});
export type NextDial = z.infer<typeof NextDial>;
export const NextDialResult = z.object({ dial: NextDial.nullable() });
export type NextDialResult = z.infer<typeof NextDialResult>;

/**
 * POST /api/phone/next-dial: the softphone placed the call (`dialled`, with the SIP Call-ID that links its record
 * to the attempt), or the attendant skipped a previewed customer (`skip`: tried again later, not counted).
 */
export const NextDialRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('dialled'), campaign_detail_id: Id, call_id: text(255).min(1) }),
  z.object({ action: z.literal('skip'), campaign_detail_id: Id }),
]);
export type NextDialRequest = z.infer<typeof NextDialRequest>;

/**
 * Classifying an answered campaign call (added to ClassifyCall): the outcome, and for a callback the return to
 * plan (a schedule of the customer for the attendant).
 */
export const CampaignClassification = z
  .object({ outcome: AgentOutcome, return_at: Timestamp.optional() })
  .refine((value) => value.outcome !== 'callback' || value.return_at, {
    message: 'campaign_callback_needs_time',
    path: ['return_at'],
  });
export type CampaignClassification = z.infer<typeof CampaignClassification>;

/** Realtime, to the company's supervising room: a campaign's status, counts or agents changed. */
export const CampaignChanged = z.object({ campaign_id: Id });
export type CampaignChanged = z.infer<typeof CampaignChanged>;
