// Voice (issue 26): the company's phone settings (spec §7 `phone/settings`: its PBX's SIP-over-WebSocket
// address, SIP domain, STUN/TURN servers, wrap-up), each user's SIP credentials kept in the Center (the
// password sealed at rest, handed only to its own softphone), and the call detail records (CDRs) every call
// leaves: direction, type id (spec §3: 0 Receptiva, 1 Manual, 2 Smart Trigger), numbers, operator, ring / talk /
// hold durations, who hung up and why, the call reason and notes the operator classified it with.
import { z } from 'zod';
import { CampaignClassification } from './campaigns.ts';
import { encodedText, Id, text, Timestamp } from './common.ts';

/** The development PBX inside the server (npm start), or the company's own PBX (Kamailio, Asterisk…). */
export const PBX_KINDS = ['embedded', 'external'] as const;
export const PbxKind = z.enum(PBX_KINDS);
export type PbxKind = z.infer<typeof PbxKind>;

/** Spec §3 call type ids: 0 Receptiva (inbound), 1 Manual (placed by the operator), 2 Smart Trigger. */
export const CALL_TYPE_IDS = [0, 1, 2] as const;
export const CallTypeId = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type CallTypeId = z.infer<typeof CallTypeId>;

/** Inbound from a customer, outbound to one, or between two operators. */
export const CALL_DIRECTIONS = ['inbound', 'outbound', 'internal'] as const;
export const CallDirection = z.enum(CALL_DIRECTIONS);
export type CallDirection = z.infer<typeof CallDirection>;

export const CALL_STATES = ['ringing', 'in_progress', 'ended'] as const;
export const CallState = z.enum(CALL_STATES);
export type CallState = z.infer<typeof CallState>;

/** Which end ended the call; `system` when nobody did (no answer before the ring timeout, unreachable). */
export const HANGUP_SIDES = ['operator', 'customer', 'system'] as const;
export const HangupSide = z.enum(HANGUP_SIDES);
export type HangupSide = z.infer<typeof HangupSide>;

/** Why the call ended, read from the SIP exchange (a BYE, a CANCEL, a final error response). */
export const HANGUP_CAUSES = [
  'normal',
  'busy',
  'rejected',
  'no_answer',
  'cancelled',
  'unavailable',
  'failed',
  /** The operator handed the customer to a colleague (a blind transfer, SIP REFER): the call went on there. */
  'transferred',
] as const;
export const HangupCause = z.enum(HANGUP_CAUSES);
export type HangupCause = z.infer<typeof HangupCause>;

export const WRAP_UP_SECONDS = { min: 0, max: 600, default: 30 } as const;
export const RING_TIMEOUT_SECONDS = { min: 5, max: 120, default: 30 } as const;
export const ICE_SERVERS_MAX = 5;
export const SIP_USERNAME_MAX = 64;
export const SIP_PASSWORD = { min: 8, max: 128 } as const;
export const CALL_NOTES_MAX = 2000;

/** A SIP user part an operator registers with: letters, digits and `.-_` (no `@`, no spaces). */
export const SipUsername = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(SIP_USERNAME_MAX)
  .regex(/^[A-Za-z0-9._-]+$/);

/** A DNS name the company's SIP addresses live under (`sip:1001@<domain>`), lower case. */
export const SipDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/);

const IceUrl = z
  .string()
  .trim()
  .max(300)
  .regex(/^(stun|stuns|turn|turns):[^\s]+$/);

/** A STUN or TURN server as RTCPeerConnection takes it (TURN usually with a username and credential). */
export const IceServer = z.object({
  urls: z.array(IceUrl).min(1).max(4),
  username: text(200).nullable().default(null),
  credential: text(200).nullable().default(null),
});
export type IceServer = z.infer<typeof IceServer>;

const WsUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^wss?:\/\/[^\s/]+(\/[^\s]*)?$/);

/** What an administrator sets (Center › Telefonia). */
export const UpdatePhoneSettings = z
  .object({
    pbx: PbxKind,
    /** The external PBX's SIP-over-WebSocket address; the embedded PBX is always this server's `/sip`. */
    ws_url: WsUrl.nullable().default(null),
    sip_domain: SipDomain,
    ice_servers: z.array(IceServer).max(ICE_SERVERS_MAX).default([]),
    wrap_up_seconds: z.number().int().min(WRAP_UP_SECONDS.min).max(WRAP_UP_SECONDS.max),
    ring_timeout_seconds: z.number().int().min(RING_TIMEOUT_SECONDS.min).max(RING_TIMEOUT_SECONDS.max),
  })
  .refine((settings) => settings.pbx === 'embedded' || settings.ws_url !== null, {
    message: 'required',
    path: ['ws_url'],
  });
export type UpdatePhoneSettings = z.infer<typeof UpdatePhoneSettings>;

/** The settings as the Center shows them, with the carrier access of the embedded PBX (administrators). */
export const CenterPhoneSettings = z.object({
  pbx: PbxKind,
  ws_url: z.string().nullable(),
  sip_domain: z.string(),
  ice_servers: z.array(IceServer),
  wrap_up_seconds: z.number().int(),
  ring_timeout_seconds: z.number().int(),
  /**
   * How the simulated customers (the carrier side of the embedded PBX) authenticate: digest username
   * `carrier` and this password. Null for readers who may not configure the company.
   */
  carrier_password: z.string().nullable(),
  editable: z.boolean(),
  updated_at: Timestamp.nullable(),
});
export type CenterPhoneSettings = z.infer<typeof CenterPhoneSettings>;

/** The user's own SIP account, as their softphone registers with it. */
export const SipRegistration = z.object({
  username: z.string(),
  password: z.string(),
  /** `sip:<username>@<domain>`. */
  uri: z.string(),
  display_name: z.string(),
});
export type SipRegistration = z.infer<typeof SipRegistration>;

/** GET /api/phone/settings: what the console's softphone needs (spec §7). */
export const PhoneSettings = z.object({
  ws_url: z.string(),
  sip_domain: z.string(),
  ice_servers: z.array(IceServer),
  wrap_up_seconds: z.number().int(),
  ring_timeout_seconds: z.number().int(),
  /** The softphone reports its calls (POST /api/phone/calls/report): an external PBX writes no records to us. */
  reports_calls: z.boolean(),
  /** Null while an administrator has given the user no SIP account: the softphone says so. */
  account: SipRegistration.nullable(),
});
export type PhoneSettings = z.infer<typeof PhoneSettings>;

/** A user's SIP account as the Center lists it (the password never leaves sealed to the Center). */
export const CenterSipAccount = z.object({
  user_id: Id,
  user_name: z.string(),
  username: z.string(),
  updated_at: Timestamp,
});
export type CenterSipAccount = z.infer<typeof CenterSipAccount>;
export const CenterSipAccountList = z.object({ data: z.array(CenterSipAccount) });

/** Gives a user a SIP account or changes it; without a password an existing one is kept, a new one generated. */
export const SaveSipAccount = z.object({
  username: SipUsername,
  password: z
    .string()
    .min(SIP_PASSWORD.min)
    .max(SIP_PASSWORD.max)
    .regex(/^[\x21-\x7e]+$/)
    .nullable()
    .default(null),
});
export type SaveSipAccount = z.infer<typeof SaveSipAccount>;

/** One call detail record. */
export const CallRecord = z.object({
  id: Id,
  call_id: z.string(),
  direction: CallDirection,
  type_id: CallTypeId,
  state: CallState,
  from_number: z.string(),
  to_number: z.string(),
  operator_id: Id.nullable(),
  operator_name: z.string().nullable(),
  contact_id: Id.nullable(),
  /** The customer's name, when the number belongs to one. */
  contact_name: z.string().nullable(),
  started_at: Timestamp,
  answered_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
  ring_seconds: z.number().int(),
  talk_seconds: z.number().int(),
  hold_seconds: z.number().int(),
  hangup_side: HangupSide.nullable(),
  hangup_cause: HangupCause.nullable(),
  /** The final SIP status of a call that was not answered (486 busy, 603 declined…). */
  sip_status: z.number().int().nullable(),
  reason_id: Id.nullable(),
  reason_name: z.string().nullable(),
  notes: z.string().nullable(),
  recording_url: z.string().nullable(),
  classified_at: Timestamp.nullable(),
  /** The colleague the operator transferred the call to (the customer accepted the REFER). */
  transferred_to_id: Id.nullable(),
  transferred_to_name: z.string().nullable(),
  /** The record of the call this one continues: the customer was transferred here from it. */
  transferred_from_id: Id.nullable(),
});
export type CallRecord = z.infer<typeof CallRecord>;

export const CALL_PAGE_SIZE = 50;
export const CALL_PAGE_MAX = 200;

/** What became of a call: talked, never answered (missed, refused, given up), or handed to a colleague. */
export const CALL_OUTCOMES = ['answered', 'unanswered', 'transferred'] as const;
export const CallOutcome = z.enum(CALL_OUTCOMES);
export type CallOutcome = z.infer<typeof CallOutcome>;

/** Where a page of calls ends: the last call's start (epoch milliseconds) and id; the next page is older. */
export const CallCursor = z
  .string()
  .regex(/^\d{1,15}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
export type CallCursor = z.infer<typeof CallCursor>;

const callFilterFields = {
  /** Calls started at or after `from` and before `to`. */
  from: Timestamp.optional(),
  to: Timestamp.optional(),
  /** The operator who took or placed it. */
  operator_id: Id.optional(),
  direction: CallDirection.optional(),
  type_id: z.coerce
    .number()
    .int()
    .min(0)
    .max(2)
    .optional()
    .transform((value) => value as CallTypeId | undefined),
  outcome: CallOutcome.optional(),
  /** Classified with this call reason. */
  reason_id: Id.optional(),
  /** Digits the caller's or the called number holds (punctuation ignored). */
  number: z
    .string()
    .trim()
    .max(40)
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().min(3, { message: 'call_number_too_short' }))
    .optional(),
};
const periodInOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to);
const periodError = { message: 'call_invalid_period', path: ['to'] };

/** The call history's filters: the list and its CSV export (GET /api/center/phone/calls.csv) take the same. */
export const CallFilters = z.object(callFilterFields).refine(periodInOrder, periodError);
export type CallFilters = z.infer<typeof CallFilters>;

/** GET /api/phone/cdr-calls/{contactId} (the customer's call history) and the company's list, newest first. */
export const CallRecordQuery = z
  .object({
    ...callFilterFields,
    limit: z.coerce.number().int().min(1).max(CALL_PAGE_MAX).default(CALL_PAGE_SIZE),
    cursor: CallCursor.optional(),
  })
  .refine(periodInOrder, periodError);
export type CallRecordQuery = z.infer<typeof CallRecordQuery>;
export const CallRecordPage = z.object({ data: z.array(CallRecord), next_cursor: CallCursor.nullable() });
export type CallRecordPage = z.infer<typeof CallRecordPage>;

/** POST /api/phone/calls/{id}/transfer: hands the caller's call in progress to a free colleague. */
export const TransferCall = z.object({ to_user_id: Id });
export type TransferCall = z.infer<typeof TransferCall>;
/** Where the softphone refers the customer (RFC 3515 Refer-To), and whether the conversation went along. */
export const CallTransfer = z.object({
  refer_to: z.string(),
  /** The customer's conversation was given to the colleague (false when the caller may not give it). */
  handed_over: z.boolean(),
});
export type CallTransfer = z.infer<typeof CallTransfer>;

/**
 * What an operator registered with the PBX is doing (spec §2 online SIP operators modal): free, on a call, in
 * the wrap-up after one (its last call ended less than the company's wrap-up ago), or paused.
 */
export const OPERATOR_STATES = ['available', 'on_call', 'wrap_up', 'paused'] as const;
export const OperatorState = z.enum(OPERATOR_STATES);
export type OperatorState = z.infer<typeof OperatorState>;

/** GET /api/phone/operators: the company's operators registered now. */
export const OnlineOperator = z.object({
  user_id: Id,
  name: z.string(),
  sip_username: z.string(),
  state: OperatorState,
  /** Since when the state holds, when known (the call's answer, its end, the pause). */
  since: Timestamp.nullable(),
});
export type OnlineOperator = z.infer<typeof OnlineOperator>;
export const OnlineOperatorList = z.object({ data: z.array(OnlineOperator) });
export type OnlineOperatorList = z.infer<typeof OnlineOperatorList>;

/** Realtime: the company's online operators changed (a registration, a call, a wrap-up, a pause). */
export type OperatorsChanged = OnlineOperatorList;

/** The SIP Call-ID a softphone knows its call by (how it finds the call's record to classify it). */
export const SipCallIdParams = z.object({ callId: encodedText(255).min(1) });
export type SipCallIdParams = z.infer<typeof SipCallIdParams>;

/**
 * What the softphone saw of its own call (POST /api/phone/calls/report): a company on an external PBX (Kamailio,
 * Asterisk, FreeSWITCH) gets its call records from the softphones that take and place the calls, each step
 * keyed by the SIP Call-ID so a repeated report changes nothing twice; the embedded PBX records its own.
 */
const reportedCallId = encodedText(255).min(1);
export const CallReport = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('started'),
    call_id: reportedCallId,
    direction: z.enum(['inbound', 'outbound']),
    /** The customer's number as the PBX gave or dialled it. */
    number: text(40).min(1),
  }),
  z.object({ event: z.literal('answered'), call_id: reportedCallId }),
  z.object({ event: z.literal('held'), call_id: reportedCallId, on: z.boolean() }),
  z.object({ event: z.literal('ended'), call_id: reportedCallId, side: HangupSide, cause: HangupCause }),
]);
export type CallReport = z.infer<typeof CallReport>;
/** Whether the report was recorded (false where the embedded PBX records the company's calls itself). */
export const CallReportResult = z.object({ recorded: z.boolean() });
export type CallReportResult = z.infer<typeof CallReportResult>;

/** PUT /api/phone/registration: the softphone registered with (or left) the company's external PBX. */
export const SipRegistrationReport = z.object({ registered: z.boolean() });
export type SipRegistrationReport = z.infer<typeof SipRegistrationReport>;

/** The classification of an ended call: the company's call reason and optional notes. */
export const ClassifyCall = z.object({
  reason_id: Id,
  notes: text(CALL_NOTES_MAX).nullable().default(null),
  /** A campaign call's outcome (required for an answered campaign call, refused for any other call). */
  campaign: CampaignClassification.optional(),
});
export type ClassifyCall = z.infer<typeof ClassifyCall>;
