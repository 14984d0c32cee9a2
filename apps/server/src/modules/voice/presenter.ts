// Voice rows as the contract's objects: settings (the carrier password only to who may configure), SIP
// accounts (never their password in the Center) and call records with their durations in whole seconds.
import {
  may,
  type CallRecord,
  type CallRecordPage,
  type CenterPhoneSettings,
  type CenterSipAccount,
  type OnlineOperator,
  type PhoneSettings,
} from '@atende/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { CallRow } from './calls.ts';
import type { OnlineOperatorRow } from './operators.ts';
import { carrierPassword, type PhoneSettingsRow } from './settings.ts';
import { sipPassword, type SipAccountRow } from './sip-accounts.ts';

/** Where softphones reach the embedded PBX: this server's `/sip`, over ws or wss as the server is served. */
export const embeddedWsUrl = (publicUrl: string) => `${publicUrl.replace(/^http/, 'ws')}/sip`;

export const presentCenterPhoneSettings = (
  reader: AuthContext,
  credentials: CredentialsBox,
  row: PhoneSettingsRow,
): CenterPhoneSettings => {
  const editable = may(reader, 'company.configure');
  return {
    pbx: row.pbx,
    ws_url: row.wsUrl,
    sip_domain: row.sipDomain,
    ice_servers: row.iceServers,
    wrap_up_seconds: row.wrapUpSeconds,
    ring_timeout_seconds: row.ringTimeoutSeconds,
    carrier_password: editable ? carrierPassword(credentials, row) : null,
    editable,
    updated_at: row.updatedAt.toISOString(),
  };
};

export const presentPhoneSettings = (
  settings: PhoneSettingsRow,
  account: SipAccountRow | null,
  credentials: CredentialsBox,
  publicUrl: string,
): PhoneSettings => ({
  ws_url: settings.pbx === 'external' && settings.wsUrl ? settings.wsUrl : embeddedWsUrl(publicUrl),
  sip_domain: settings.sipDomain,
  ice_servers: settings.iceServers,
  wrap_up_seconds: settings.wrapUpSeconds,
  ring_timeout_seconds: settings.ringTimeoutSeconds,
  reports_calls: settings.pbx === 'external',
  account: account && {
    username: account.username,
    password: sipPassword(credentials, account),
    uri: `sip:${account.username}@${settings.sipDomain}`,
    display_name: account.userName,
  },
});

export const presentSipAccount = (row: SipAccountRow): CenterSipAccount => ({
  user_id: row.userId,
  user_name: row.userName,
  username: row.username,
  updated_at: row.updatedAt.toISOString(),
});

export const presentOnlineOperator = (row: OnlineOperatorRow): OnlineOperator => ({
  user_id: row.userId,
  name: row.name,
  sip_username: row.sipUsername,
  state: row.state,
  since: row.since?.toISOString() ?? null,
});

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

export const presentCall = (row: CallRow, now = new Date()): CallRecord => {
  const end = row.endedAt ?? now;
  return {
    id: row.id,
    call_id: row.callId,
    direction: row.direction,
    type_id: row.typeId,
    state: row.state,
    from_number: row.fromNumber,
    to_number: row.toNumber,
    operator_id: row.operatorId,
    operator_name: row.operatorName,
    contact_id: row.contactId,
    contact_name: row.contactName,
    started_at: row.startedAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    ring_seconds: seconds(row.startedAt, row.answeredAt ?? end),
    talk_seconds: row.answeredAt ? seconds(row.answeredAt, end) : 0,
    hold_seconds: row.holdSeconds + (row.heldSince ? seconds(row.heldSince, end) : 0),
    hangup_side: row.hangupSide,
    hangup_cause: row.hangupCause,
    sip_status: row.sipStatus,
    reason_id: row.reasonId,
    reason_name: row.reasonName,
    notes: row.notes,
    recording_url: row.recordingUrl,
    classified_at: row.classifiedAt?.toISOString() ?? null,
    transferred_to_id: row.transferredToId,
    transferred_to_name: row.transferredToName,
    transferred_from_id: row.transferredFromId,
  };
};

export const presentCallPage = (page: { rows: CallRow[]; nextCursor: string | null }): CallRecordPage => ({
  data: page.rows.map((row) => presentCall(row)),
  next_cursor: page.nextCursor,
});
