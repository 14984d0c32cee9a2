// Reusable tenancy guard: for every API operation, a probe made by a user of company A that aims at company
// B's data. Each later issue adds the probes of its endpoints to TENANCY_PROBES; a test fails while any
// operation of the OpenAPI document has neither a probe nor a reason to be public.
import { CATALOGUES, type ClientToServerEvents, type WidgetClientEvents } from '@atende/contract';
import type { VisitorSocket } from '@atende/simulators/chat-visitor';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/platform/db/database.ts';
import { multipartBody, SAMPLE_OGG_OPUS, SAMPLE_PNG } from './factories.ts';
import type { TestSocket } from './realtime-client.ts';

/** Company B as the attacker sees it: ids of its rows, by table. */
export type Foreign = { companyId: string; rows: Record<string, Record<string, unknown>[]> };

export type TenancyProbe = {
  operation: string;
  request(foreign: Foreign): InjectOptions;
  /** not_found: must answer 404; own_only: must succeed and show nothing of company B. */
  expect: 'not_found' | 'own_only';
};

const firstId = (foreign: Foreign, table: string) => {
  const row = foreign.rows[table]?.[0];
  if (!row) throw new Error(`company B has no ${table} row to aim at`);
  return String(row.id);
};

export const PUBLIC_OPERATIONS: Record<string, string> = {
  'POST /api/login': 'signs in; looks up the company by its name, answers the same error for any mismatch',
  'POST /api/session/handoff':
    'exchanges a console link’s token for a session of the token’s own user and company (handoff.test.ts)',
  'POST /api/password-reset/inspect':
    'names the user of a one-time reset link, found by the hash of its 256-bit token only (reset-links.test.ts)',
  'POST /api/password-reset':
    'sets the password of a one-time reset link’s own user, found by the hash of its token only (reset-links.test.ts)',
  'GET /api/health': 'reports database reachability only',
  'GET /api/resources':
    'white-label of a company, meant to be public (login page); probed below with a token',
  'GET /api/branding/{name}':
    'a white-label file the login page loads before sign-in; its name is a random key, not the company (branding.test.ts)',
  'GET /api/widget/{key}/config':
    'a chat widget’s public look and presence, by its public key; cross-tenant visitor checks in widget.test.ts',
  'POST /api/widget/{key}/session':
    'starts or resumes a visitor of the widget named by the key; scoped by the visitor token (widget.test.ts)',
  'POST /api/webhooks/api/{accountId}':
    'an integrator’s call, authenticated by the account’s own HMAC key; cross-company forgery in api.test.ts',
  'GET /api/pipeline-files/{id}':
    'a card file behind a signed URL given only to users who see the card (pipelines.test.ts checks it expires with the file)',
  'POST /api/widget/csat/{token}':
    'a customer’s satisfaction answer, found by its request’s random 192-bit token only, once (csat.test.ts)',
  'POST /api/widget/files':
    'a visitor’s upload, authorised by the visitor JWT to their own conversation only (widget.test.ts)',
};

/**
 * Product administration (issue 21 item 6) reaches every company by design, for super administrators only:
 * product.test.ts checks that every other role of every company is refused each of these.
 */
export const PRODUCT_OPERATIONS: Record<string, string> = {
  'GET /api/product/companies': 'every company with its usage',
  'POST /api/product/companies': 'creates a company and its first administrator',
  'POST /api/product/companies/{id}/suspend': 'suspends a company',
  'POST /api/product/companies/{id}/reactivate': 'reactivates a company',
  'POST /api/product/companies/{id}/impersonate': 'opens a support session as a user of a company',
  'GET /api/product/settings': 'product-wide settings',
  'PATCH /api/product/settings': 'changes product-wide settings',
};

/** The pipeline of company B's first row of a pipeline table. */
const pipelineOf = (foreign: Foreign, table: string) => String(foreign.rows[table]?.[0]?.pipeline_id);
const cardUrl = (foreign: Foreign) =>
  `/api/pipeline/${pipelineOf(foreign, 'pipeline_cards')}/item/${firstId(foreign, 'pipeline_cards')}`;
const contactOf = (foreign: Foreign, index = 0) => foreign.rows.contacts?.[index] ?? {};
const phoneOf = (foreign: Foreign) =>
  String(foreign.rows.contact_channels?.find((row) => row.kind === 'whatsapp')?.address);
/** A word (5 letters or more) of company B's first message. */
const wordOf = (foreign: Foreign) => {
  const word = String(foreign.rows.messages?.[0]?.text)
    .split(/[^\p{L}]+/u)
    .find((candidate) => candidate.length >= 5);
  if (!word) throw new Error('company B has no message with a word to search');
  return word;
};
const search = (parameter: string, value: string, url = '/api/conversations/search'): InjectOptions => ({
  method: 'POST',
  url,
  payload: { parameter, value },
});

export const TENANCY_PROBES: TenancyProbe[] = [
  {
    operation: 'GET /api/session/impersonation',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/session/impersonation' }),
  },
  {
    operation: 'POST /api/session/impersonation/end',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/session/impersonation/end' }),
  },
  { operation: 'GET /api/user', expect: 'own_only', request: () => ({ method: 'GET', url: '/api/user' }) },
  {
    operation: 'POST /api/user',
    expect: 'own_only',
    request: (b) => ({
      method: 'POST',
      url: '/api/user',
      payload: { name: 'Renamed', id: firstId(b, 'users') },
    }),
  },
  {
    operation: 'POST /api/user/password',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/user/password',
      payload: {
        current_password: 'wrong-password',
        password: 'another-pass',
        password_confirmation: 'another-pass',
      },
    }),
  },
  {
    operation: 'POST /api/user/reset-password',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { password: 'another-pass', password_confirmation: 'another-pass' },
    }),
  },
  {
    operation: 'GET /api/user/preferences',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/user/preferences' }),
  },
  {
    // Only the caller's own row changes: the snapshot of company B's users stays as it was.
    operation: 'POST /api/user/preferences',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/user/preferences',
      payload: { side_panel: 'phrases', side_panel_width: 500 },
    }),
  },
  {
    operation: 'POST /api/user/avatar/delete',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/user/avatar/delete' }),
  },
  // The caller's own avatar and survey: nothing of another company is named, so nothing of it can be reached.
  {
    operation: 'POST /api/user/avatar',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/user/avatar' }),
  },
  {
    operation: 'GET /api/survey',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/survey' }),
  },
  {
    operation: 'POST /api/survey',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/survey', payload: { rating: 5, comment: 'x' } }),
  },
  {
    operation: 'POST /api/survey/dismiss',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/survey/dismiss' }),
  },
  {
    operation: 'GET /api/center/survey-answers',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/survey-answers' }),
  },
  {
    operation: 'GET /api/users/{id}/avatar',
    expect: 'not_found',
    // Avatars are public behind a signature: a guessed one must not open another company's file.
    request: (b) => ({
      method: 'GET',
      url: `/api/users/${firstId(b, 'users')}/avatar?v=1&exp=9999999999&sig=${'A'.repeat(32)}`,
    }),
  },
  {
    operation: 'GET /api/responsibles',
    expect: 'own_only',
    request: (b) => ({ method: 'GET', url: `/api/responsibles?ids=${firstId(b, 'users')}` }),
  },
  {
    operation: 'GET /api/responsibles',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/responsibles' }),
  },
  {
    operation: 'POST /api/heartbeat',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/heartbeat' }),
  },
  {
    operation: 'POST /api/logout',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/logout' }),
  },
  {
    operation: 'GET /api/channels',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/channels' }),
  },
  {
    operation: 'GET /api/center/audit',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/audit' }),
  },
  {
    operation: 'GET /api/center/branding',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/branding' }),
  },
  {
    operation: 'PUT /api/center/branding',
    expect: 'own_only',
    request: () => ({
      method: 'PUT',
      url: '/api/center/branding',
      payload: { color_light: '#123456', color_dark: '#654321', product_name: 'Intrusa' },
    }),
  },
  {
    operation: 'GET /api/ai/status',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/ai/status' }),
  },
  {
    operation: 'GET /api/center/ai',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/ai' }),
  },
  {
    // Before a provider is saved: A's own test answers "not configured", never anything of B's provider.
    operation: 'POST /api/center/ai/test',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/center/ai/test' }),
  },
  {
    operation: 'PUT /api/center/ai',
    expect: 'own_only',
    request: () => ({
      method: 'PUT',
      url: '/api/center/ai',
      payload: {
        base_url: 'https://ai.example.com/v1',
        api_key: 'sk-tenancy',
        chat_model: 'gpt-4o-mini',
        transcription_model: '',
        monthly_limit: null,
        log_requests: false,
      },
    }),
  },
  {
    operation: 'DELETE /api/center/ai',
    expect: 'own_only',
    request: () => ({ method: 'DELETE', url: '/api/center/ai' }),
  },
  {
    operation: 'POST /api/conversation/{id}/content-enhancement',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}/content-enhancement`,
      payload: { action: 'fix', text: 'oi, tudo bem?', channel: 'whatsapp' },
    }),
  },
  {
    operation: 'GET /api/center/company',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/company' }),
  },
  {
    operation: 'PATCH /api/center/company',
    expect: 'own_only',
    request: () => ({
      method: 'PATCH',
      url: '/api/center/company',
      payload: {
        timezone: 'Europe/Lisbon',
        retention_months: 1,
        holidays: [{ date: '2026-12-25', name: 'Natal' }],
      },
    }),
  },
  {
    operation: 'GET /api/center/company/retention-preview',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/company/retention-preview?months=1' }),
  },
  {
    operation: 'POST /api/center/branding/{kind}',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/center/branding/logo',
      ...multipartBody([{ name: 'file', filename: 'logo.png', type: 'image/png', data: SAMPLE_PNG }]),
    }),
  },
  {
    operation: 'DELETE /api/center/branding/{kind}',
    expect: 'own_only',
    request: () => ({ method: 'DELETE', url: '/api/center/branding/logo' }),
  },
  {
    operation: 'GET /api/center/channels',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/channels' }),
  },
  {
    operation: 'POST /api/center/channels',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/center/channels',
      payload: {
        kind: 'chat',
        name: 'Probe chat',
        chat: {
          title: 'Probe',
          color: '#112233',
          pre_chat: { enabled: false, require_phone: false },
          identity_verification: false,
        },
      },
    }),
  },
  {
    operation: 'PUT /api/center/channels/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'PUT',
      url: `/api/center/channels/${firstId(b, 'channel_accounts')}`,
      payload: {
        kind: 'email',
        name: 'Hijacked',
        address: 'thief@evil.test',
        email: {
          smtp: { host: 'evil.test', port: 25, secure: false, user: 'thief' },
          imap: { host: 'evil.test', port: 143, secure: false, user: 'thief' },
        },
      },
    }),
  },
  {
    operation: 'POST /api/center/channels/{id}/test',
    expect: 'not_found',
    request: (b) => ({ method: 'POST', url: `/api/center/channels/${firstId(b, 'channel_accounts')}/test` }),
  },
  {
    operation: 'POST /api/center/channels/{id}/register-webhook',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/center/channels/${firstId(b, 'channel_accounts')}/register-webhook`,
    }),
  },
  {
    operation: 'GET /api/center/channels/{id}/whatsapp-templates',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/center/channels/${firstId(b, 'channel_accounts')}/whatsapp-templates`,
    }),
  },
  {
    operation: 'POST /api/center/channels/{id}/whatsapp-templates/sync',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/center/channels/${firstId(b, 'channel_accounts')}/whatsapp-templates/sync`,
    }),
  },
  {
    operation: 'GET /api/whatsapp-templates',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/whatsapp-templates' }),
  },
  {
    operation: 'POST /api/conversation/{id}/messages/template',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}/messages/template`,
      payload: { template_id: '01900000-0000-7000-8000-000000000000', variables: [] },
    }),
  },
  {
    operation: 'POST /api/conversation/{id}/messages/mail',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}/messages/mail`,
      ...multipartBody([
        { name: 'subject', value: 'Assunto' },
        { name: 'text', value: 'Olá' },
      ]),
    }),
  },
  {
    operation: 'GET /api/events/actions',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/events/actions' }),
  },
  {
    operation: 'GET /api/wallets',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/wallets' }),
  },
  {
    operation: 'GET /api/pause/reasons',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/pause/reasons' }),
  },
  {
    // Pausing with company B's reason: refused as not found, and B's users stay as they were.
    operation: 'POST /api/pause',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: '/api/pause',
      payload: { reason_id: firstId(b, 'pause_reasons') },
    }),
  },
  {
    operation: 'GET /api/center/pauses',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/pauses' }),
  },
  {
    operation: 'GET /api/monitor',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/monitor' }),
  },
  {
    operation: 'GET /api/phone/reasons',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/phone/reasons' }),
  },
  {
    operation: 'GET /api/broadcasts/lists',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/broadcasts/lists' }),
  },
  {
    operation: 'POST /api/broadcasts/lists',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: '/api/broadcasts/lists',
      payload: { source: 'contacts', name: 'Lista de A', contact_ids: [firstId(b, 'contacts')] },
    }),
  },
  {
    operation: 'DELETE /api/broadcasts/lists/{id}',
    expect: 'not_found',
    request: (b) => ({ method: 'DELETE', url: `/api/broadcasts/lists/${firstId(b, 'broadcast_lists')}` }),
  },
  {
    operation: 'POST /api/broadcasts/lists/csv-preview',
    expect: 'own_only',
    request: (b) => ({
      method: 'POST',
      url: '/api/broadcasts/lists/csv-preview?kind=whatsapp',
      ...multipartBody([
        {
          name: 'file',
          filename: 'lista.csv',
          type: 'text/csv',
          // Written with a dash: the answer echoes the cell, which must not be B's stored address verbatim.
          data: Buffer.from(`phone\n${phoneOf(b).slice(0, 4)}-${phoneOf(b).slice(4)}\n`),
        },
      ]),
    }),
  },
  {
    operation: 'POST /api/broadcasts/files',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/broadcasts/files',
      ...multipartBody([{ name: 'file', filename: 'oferta.png', type: 'image/png', data: SAMPLE_PNG }]),
    }),
  },
  {
    operation: 'GET /api/broadcasts',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/broadcasts' }),
  },
  ...(['/api/broadcasts/preview', '/api/broadcasts'] as const).map((url): TenancyProbe => ({
    operation: `POST ${url}`,
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url,
      payload: {
        name: 'Transmissão de A',
        list_id: firstId(b, 'broadcast_lists'),
        channel_account_id: firstId(b, 'channel_accounts'),
        message: { type: 'text', text: 'Olá' },
      },
    }),
  })),
  ...(['', '/recipients', '/recipients.csv'] as const).map((suffix): TenancyProbe => ({
    operation: `GET /api/broadcasts/{id}${suffix}`,
    expect: 'not_found',
    request: (b) => ({ method: 'GET', url: `/api/broadcasts/${firstId(b, 'broadcasts')}${suffix}` }),
  })),
  {
    operation: 'POST /api/broadcasts/{id}/{action}',
    expect: 'not_found',
    request: (b) => ({ method: 'POST', url: `/api/broadcasts/${firstId(b, 'broadcasts')}/resume` }),
  },
  {
    operation: 'GET /api/campaigns',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/campaigns' }),
  },
  ...(['POST /api/campaigns', 'PUT /api/campaigns/{id}'] as const).map((operation): TenancyProbe => ({
    // B's list and account (and, for the update, B's campaign): not found whoever asks.
    operation,
    expect: 'not_found',
    request: (b) => ({
      method: operation.startsWith('POST') ? 'POST' : 'PUT',
      url: operation.startsWith('POST') ? '/api/campaigns' : `/api/campaigns/${firstId(b, 'campaigns')}`,
      payload: {
        name: 'Campanha de A',
        list_id: firstId(b, 'broadcast_lists'),
        channel_account_id: firstId(b, 'channel_accounts'),
        mode: 'preview',
        ratio: 1,
        calling_hours: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5] },
        retry: {
          no_answer: { after_minutes: 60, max_tries: 3 },
          busy: { after_minutes: 60, max_tries: 3 },
          voicemail: { after_minutes: 60, max_tries: 3 },
          abandoned: { after_minutes: 60, max_tries: 3 },
          failed: { after_minutes: 60, max_tries: 3 },
        },
        attendant_ids: [firstId(b, 'users')],
        script: '',
      },
    }),
  })),
  ...(['', '/live', '/attempts'] as const).map((suffix): TenancyProbe => ({
    operation: `GET /api/campaigns/{id}${suffix}`,
    expect: 'not_found',
    request: (b) => ({ method: 'GET', url: `/api/campaigns/${firstId(b, 'campaigns')}${suffix}` }),
  })),
  {
    operation: 'DELETE /api/campaigns/{id}',
    expect: 'not_found',
    request: (b) => ({ method: 'DELETE', url: `/api/campaigns/${firstId(b, 'campaigns')}` }),
  },
  {
    operation: 'POST /api/campaigns/{id}/{action}',
    expect: 'not_found',
    request: (b) => ({ method: 'POST', url: `/api/campaigns/${firstId(b, 'campaigns')}/resume` }),
  },
  {
    operation: 'PATCH /api/campaigns/{id}/ratio',
    expect: 'not_found',
    request: (b) => ({
      method: 'PATCH',
      url: `/api/campaigns/${firstId(b, 'campaigns')}/ratio`,
      payload: { ratio: 2 },
    }),
  },
  {
    operation: 'GET /api/contacts/{id}/campaigns',
    expect: 'not_found',
    request: (b) => ({ method: 'GET', url: `/api/contacts/${firstId(b, 'contacts')}/campaigns` }),
  },
  {
    operation: 'GET /api/phone/user/campaign',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/phone/user/campaign' }),
  },
  {
    operation: 'POST /api/phone/user/campaign',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: '/api/phone/user/campaign',
      payload: { campaign_id: firstId(b, 'campaigns'), active: false },
    }),
  },
  {
    operation: 'GET /api/phone/next-dial',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/phone/next-dial' }),
  },
  {
    operation: 'POST /api/phone/next-dial',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: '/api/phone/next-dial',
      payload: {
        action: 'dialled',
        campaign_detail_id: firstId(b, 'campaign_details'),
        call_id: 'chamada-de-a',
      },
    }),
  },
  {
    operation: 'PUT /api/contacts/{id}/broadcast-opt-out',
    expect: 'not_found',
    request: (b) => ({
      method: 'PUT',
      url: `/api/contacts/${firstId(b, 'contacts')}/broadcast-opt-out`,
      payload: { opted_out: true },
    }),
  },
  {
    operation: 'GET /api/v2/phrases',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/v2/phrases' }),
  },
  {
    operation: 'POST /api/v2/phrases',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/v2/phrases', payload: { text: 'Frase da empresa A' } }),
  },
  ...(['PUT', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/v2/phrases/{id}`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/v2/phrases/${firstId(b, 'phrases')}`,
      payload: method === 'PUT' ? { text: 'alterada' } : undefined,
    }),
  })),
  // Company B's shared phrases are not "the company's" to A: not found, where A's own answer forbidden.
  ...(['PUT', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/v2/phrases/{id} (a company phrase)`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/v2/phrases/${firstId(b, 'company_phrases')}`,
      payload: method === 'PUT' ? { text: 'alterada' } : undefined,
    }),
  })),
  { operation: 'GET /api/views', expect: 'own_only', request: () => ({ method: 'GET', url: '/api/views' }) },
  {
    operation: 'POST /api/views',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/views',
      payload: {
        name: 'Visão da empresa A',
        list: {
          filter: 'general',
          only_my_segments: false,
          order: 'default',
          direction: 'desc',
          filters: {},
        },
      },
    }),
  },
  ...(['PATCH', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/views/{id}`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/views/${firstId(b, 'saved_views')}`,
      payload: method === 'PATCH' ? { name: 'renomeada' } : undefined,
    }),
  })),
  {
    operation: 'GET /api/company/critical-rule',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/company/critical-rule' }),
  },
  {
    operation: 'PATCH /api/company/critical-rule',
    expect: 'own_only',
    request: () => ({ method: 'PATCH', url: '/api/company/critical-rule', payload: { high_priority: true } }),
  },
  {
    operation: 'GET /api/contacts',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/contacts' }),
  },
  {
    operation: 'GET /api/contacts',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/contacts?filter=pending&order=unread&limit=200' }),
  },
  {
    operation: 'POST /api/conversations/search',
    expect: 'own_only',
    request: (b) => search('phone', phoneOf(b)),
  },
  {
    operation: 'POST /api/conversations/search',
    expect: 'own_only',
    request: (b) => search('name', String(contactOf(b).name)),
  },
  {
    // A word of one of company B's messages: the search must find none of them.
    operation: 'GET /api/messages/search',
    expect: 'own_only',
    request: (b) => ({
      method: 'GET',
      url: `/api/messages/search?term=${encodeURIComponent(wordOf(b))}&limit=50`,
    }),
  },
  {
    operation: 'POST /api/conversations/search/has_pending_schedule',
    expect: 'own_only',
    request: (b) =>
      search('name', String(contactOf(b, 70).name), '/api/conversations/search/has_pending_schedule'),
  },
  {
    operation: 'GET /api/conversations/chatbots',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/conversations/chatbots' }),
  },
  {
    operation: 'GET /api/conversations/waiting',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/conversations/waiting' }),
  },
  {
    // The actor's company has nobody waiting: company B's queue must never be handed out.
    operation: 'GET /api/conversations/waiting/conversation',
    expect: 'not_found',
    request: () => ({ method: 'GET', url: '/api/conversations/waiting/conversation' }),
  },
  {
    operation: 'GET /api/conversation/{id}',
    expect: 'not_found',
    request: (b) => ({ method: 'GET', url: `/api/conversation/${firstId(b, 'contacts')}` }),
  },
  {
    operation: 'GET /api/conversations/{id}/csat',
    expect: 'not_found',
    request: (b) => ({ method: 'GET', url: `/api/conversations/${firstId(b, 'contacts')}/csat` }),
  },
  {
    // The same address may exist in two companies: registering it in A must not touch or reveal B's contact.
    operation: 'POST /api/conversations',
    expect: 'own_only',
    request: (b) => ({
      method: 'POST',
      url: '/api/conversations',
      payload: { name: 'Cliente Novo', channel: { type: 'whatsapp', address: phoneOf(b) } },
    }),
  },
  {
    operation: 'POST /api/conversations',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: '/api/conversations',
      payload: {
        name: 'Cliente Novo',
        channel: {
          type: 'sms',
          address: '+55 11 98888-0000',
          output_line_id: firstId(b, 'channel_accounts'),
        },
      },
    }),
  },
  ...(
    [
      ['GET', 'items'],
      ['GET', 'paginate'],
      ['POST', 'messages'],
      ['POST', 'messages/read'],
      ['POST', 'messages/unread'],
      ['GET', 'messages/search?term=olá'],
      ['GET', 'items/export?start_date=2026-01-01&end_date=2026-01-31'],
      ['GET', 'threads'],
      ['POST', 'threads'],
    ] as const
  ).map(([method, path]): TenancyProbe => ({
    operation: `${method} /api/conversation/{id}/${path.split('?')[0]}`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/conversation/${firstId(b, 'contacts')}/${path}`,
      payload: method === 'POST' ? { text: 'Olá', name: 'Tópico' } : undefined,
    }),
  })),
  {
    operation: 'POST /api/conversation/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}`,
      payload: { name: 'Invasor' },
    }),
  },
  {
    operation: 'POST /api/conversation/{id}/wallets',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}/wallets`,
      payload: { wallet_id: firstId(b, 'wallets') },
    }),
  },
  {
    operation: 'DELETE /api/conversation/{id}/wallets/{walletId}',
    expect: 'not_found',
    request: (b) => {
      const link = b.rows.contact_wallets?.[0];
      return {
        method: 'DELETE',
        url: `/api/conversation/${String(link?.contact_id)}/wallets/${String(link?.wallet_id)}`,
      };
    },
  },
  ...(
    [
      ['GET', 'events', undefined],
      ['POST', 'events', 'action'],
      ['GET', 'jokers', undefined],
    ] as const
  ).map(([method, path, body]): TenancyProbe => ({
    operation: `${method} /api/conversation/{id}/${path}`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/conversation/${firstId(b, 'contacts')}/${path}`,
      payload: body ? { action_id: firstId(b, 'event_actions') } : undefined,
    }),
  })),
  ...(
    [
      ['resolve', { event_action_id: 'action' }],
      ['reopen', undefined],
      ['snooze', { until: 'soon' }],
      ['assign', { responsible_id: null, note: 'x' }],
    ] as const
  ).map(([action, body]): TenancyProbe => ({
    operation: `POST /api/conversation/{id}/${action}`,
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}/${action}`,
      payload: body && {
        ...body,
        ...('event_action_id' in body ? { event_action_id: firstId(b, 'event_actions') } : {}),
        ...('until' in body ? { until: new Date(Date.now() + 3_600_000).toISOString() } : {}),
      },
    }),
  })),
  {
    operation: 'POST /api/conversations/bulk',
    expect: 'own_only',
    request: (b) => ({
      method: 'POST',
      url: '/api/conversations/bulk',
      payload: { action: 'resolve', ids: [firstId(b, 'contacts')] },
    }),
  },
  {
    operation: 'POST /api/conversation/{id}/jokers/{jokerId}',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}/jokers/${firstId(b, 'jokers')}`,
    }),
  },
  {
    operation: 'POST /api/conversation/{id}/channels',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}/channels`,
      payload: { type: 'sms', address: '5511900001111', output_line_id: firstId(b, 'channel_accounts') },
    }),
  },
  ...(
    [
      ['active', { type: 'main' }],
      ['update', { type: 'sms' }],
      ['blacklist', { blacklisted: true }],
    ] as const
  ).map(([action, payload]): TenancyProbe => ({
    operation: `POST /api/conversation/{id}/channels/{channelId}/${action}`,
    expect: 'not_found',
    request: (b) => {
      const channel = b.rows.contact_channels?.[0];
      return {
        method: 'POST',
        url: `/api/conversation/${String(channel?.contact_id)}/channels/${String(channel?.id)}/${action}`,
        payload,
      };
    },
  })),
  ...(
    [
      ['GET', 'messages', undefined],
      ['POST', 'messages', { text: 'Olá' }],
      ['PUT', 'privacy', { privacy: 'public' }],
    ] as const
  ).map(([method, path, payload]): TenancyProbe => ({
    operation: `${method} /api/conversation/{id}/threads/{threadId}/${path}`,
    expect: 'not_found',
    request: (b) => {
      const thread = b.rows.threads?.[0];
      return {
        method,
        url: `/api/conversation/${String(thread?.contact_id)}/threads/${String(thread?.id)}/${path}`,
        payload,
      };
    },
  })),
  ...(
    [
      ['POST', 'reaction', { emoji: '👍' }],
      ['GET', 'meta-data', undefined],
      ['GET', 'html', undefined],
      ['POST', 'transcribe', undefined],
    ] as const
  ).map(([method, path, payload]): TenancyProbe => ({
    operation: `${method} /api/conversation/{id}/messages/{messageId}/${path}`,
    expect: 'not_found',
    request: (b) => {
      const message = b.rows.messages?.[0];
      return {
        method,
        url: `/api/conversation/${String(message?.contact_id)}/messages/${String(message?.id)}/${path}`,
        payload,
      };
    },
  })),
  ...(
    [
      ['GET', ''],
      ['POST', '/retry'],
      ['DELETE', ''],
    ] as const
  ).map(([method, suffix]): TenancyProbe => ({
    operation: `${method} /api/conversation/{id}/messages/{messageId}${suffix}`,
    expect: 'not_found',
    request: (b) => {
      const message = b.rows.messages?.[0];
      return {
        method,
        url: `/api/conversation/${String(message?.contact_id)}/messages/${String(message?.id)}${suffix}`,
      };
    },
  })),
  ...(['file', 'audio'] as const).map((route): TenancyProbe => ({
    operation: `POST /api/conversation/{id}/${route}`,
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/${firstId(b, 'contacts')}/${route}`,
      ...multipartBody([{ name: 'file', filename: 'a.ogg', type: 'audio/ogg', data: SAMPLE_OGG_OPUS }]),
    }),
  })),
  {
    // Attachments are public behind a signature: a guessed one opens nothing.
    operation: 'GET /api/files/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/files/${firstId(b, 'contacts')}?exp=9999999999&sig=${'A'.repeat(32)}`,
    }),
  },
  {
    operation: 'GET /api/conversation/scheduling',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/conversation/scheduling' }),
  },
  {
    operation: 'GET /api/conversation/scheduling/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/conversation/scheduling/${String(b.rows.schedules?.[0]?.contact_id)}`,
    }),
  },
  {
    operation: 'POST /api/conversation/scheduling/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/conversation/scheduling/${String(b.rows.schedules?.[0]?.contact_id)}`,
      payload: { scheduled_at: new Date(Date.now() + 3_600_000).toISOString() },
    }),
  },
  ...(['GET', 'PUT', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/conversation/scheduling/{contactId}/{id}`,
    expect: 'not_found',
    request: (b) => {
      const schedule = b.rows.schedules?.[0];
      return {
        method,
        url: `/api/conversation/scheduling/${String(schedule?.contact_id)}/${String(schedule?.id)}`,
        payload: method === 'PUT' ? { annotation: 'alterado' } : undefined,
      };
    },
  })),
  // The Center's catalogues: company B's entries are neither listed (even searched by name), nor taken as
  // names, nor reachable by id.
  ...CATALOGUES.flatMap((catalogue): TenancyProbe[] => {
    const url = `/api/center/catalogues/${catalogue}`;
    // The company's phrases live in their own table (`phrases` holds each user's own).
    const table = catalogue === 'phrases' ? 'company_phrases' : catalogue;
    const entry = (b: Foreign) => `${url}/${firstId(b, table)}`;
    const nameOf = (b: Foreign) => String(b.rows[table]?.[0]?.name);
    const fields = catalogue === 'phrases' ? { text: 'Texto da empresa A' } : {};
    return [
      {
        operation: `GET ${url}`,
        expect: 'own_only',
        request: (b) => ({
          method: 'GET',
          url: `${url}?archived=true&search=${encodeURIComponent(nameOf(b))}`,
        }),
      },
      {
        operation: `POST ${url}`,
        expect: 'own_only',
        request: (b) => ({ method: 'POST', url, payload: { name: nameOf(b), ...fields } }),
      },
      {
        operation: `PUT ${url}/{id}`,
        expect: 'not_found',
        request: (b) => ({ method: 'PUT', url: entry(b), payload: { name: 'Hijacked', ...fields } }),
      },
      ...(['move', 'archive', 'unarchive'] as const).map((action): TenancyProbe => ({
        operation: `POST ${url}/{id}/${action}`,
        expect: 'not_found',
        request: (b) => ({
          method: 'POST',
          url: `${entry(b)}/${action}`,
          ...(action === 'move' ? { payload: { position: 0 } } : {}),
        }),
      })),
    ];
  }),
  // The Center's teams: company B's are neither listed (even searched by name) nor read, changed or archived;
  // a team of A naming B's users or segments is refused (team_user_unknown, team_segment_unknown).
  {
    operation: 'GET /api/center/teams',
    expect: 'own_only',
    request: (b) => ({
      method: 'GET',
      url: `/api/center/teams?archived=true&search=${encodeURIComponent(String(b.rows.teams?.[0]?.name))}`,
    }),
  },
  {
    operation: 'POST /api/center/teams',
    expect: 'own_only',
    request: (b) => ({
      method: 'POST',
      url: '/api/center/teams',
      payload: {
        name: 'Equipe do atacante',
        member_ids: [firstId(b, 'users')],
        segment_ids: [firstId(b, 'wallets')],
      },
    }),
  },
  {
    operation: 'GET /api/center/teams/{id}',
    expect: 'not_found',
    request: (b) => ({ method: 'GET', url: `/api/center/teams/${firstId(b, 'teams')}` }),
  },
  {
    operation: 'PUT /api/center/teams/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'PUT',
      url: `/api/center/teams/${firstId(b, 'teams')}`,
      payload: { name: 'Hijacked' },
    }),
  },
  ...(['archive', 'unarchive'] as const).map((action): TenancyProbe => ({
    operation: `POST /api/center/teams/{id}/${action}`,
    expect: 'not_found',
    request: (b) => ({ method: 'POST', url: `/api/center/teams/${firstId(b, 'teams')}/${action}` }),
  })),
  // The Center's users: company B's users are neither listed (even searched by username), nor taken as a
  // username, nor reachable by id; B's segments cannot be given to a user.
  {
    operation: 'GET /api/center/users',
    expect: 'own_only',
    request: (b) => ({
      method: 'GET',
      url: `/api/center/users?search=${encodeURIComponent(String(b.rows.users?.[0]?.username))}`,
    }),
  },
  {
    operation: 'POST /api/center/users',
    expect: 'own_only',
    request: (b) => ({
      method: 'POST',
      url: '/api/center/users',
      payload: {
        name: 'Probe',
        username: String(b.rows.users?.[0]?.username),
        role: 'attendant',
        timezone: 'America/Sao_Paulo',
        segment_ids: [firstId(b, 'wallets')],
      },
    }),
  },
  {
    operation: 'GET /api/center/users/{id}',
    expect: 'not_found',
    request: (b) => ({ method: 'GET', url: `/api/center/users/${firstId(b, 'users')}` }),
  },
  {
    operation: 'PUT /api/center/users/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'PUT',
      url: `/api/center/users/${firstId(b, 'users')}`,
      payload: { name: 'Hijacked', username: 'hijacked', role: 'admin', timezone: 'America/Sao_Paulo' },
    }),
  },
  ...(['deactivate', 'reactivate', 'reset-password', 'reset-link'] as const).map((action): TenancyProbe => ({
    operation: `POST /api/center/users/{id}/${action}`,
    expect: 'not_found',
    request: (b) => ({ method: 'POST', url: `/api/center/users/${firstId(b, 'users')}/${action}` }),
  })),
  // An import is checked against the caller's company only: B's username is free, B's segment unknown.
  {
    operation: 'POST /api/center/users/import/preview',
    expect: 'own_only',
    request: (b) => {
      const csv = `name,username,email,role,language,timezone,segments\nProbe,${String(b.rows.users?.[0]?.username)},,attendant,,America/Sao_Paulo,${String(b.rows.wallets?.[0]?.name)}\n`;
      const body = multipartBody([
        { name: 'file', filename: 'users.csv', type: 'text/csv', data: Buffer.from(csv) },
      ]);
      // As text, so what the probe sent (B's username it typed) is told apart from a leak.
      return {
        method: 'POST',
        url: '/api/center/users/import/preview',
        ...body,
        payload: body.payload.toString(),
      };
    },
  },
  {
    operation: 'POST /api/center/users/import',
    expect: 'own_only',
    request: (b) => ({
      method: 'POST',
      url: '/api/center/users/import',
      payload: {
        rows: [
          {
            line: 2,
            name: 'Probe',
            username: String(b.rows.users?.[0]?.username),
            email: '',
            role: 'attendant',
            language: '',
            timezone: 'America/Sao_Paulo',
            segments: [String(b.rows.wallets?.[0]?.name)],
          },
        ],
      },
    }),
  },
  {
    operation: 'GET /api/resources',
    expect: 'own_only',
    request: (b) => ({ method: 'GET', url: `/api/resources?company=${String(b.rows.companies?.[0]?.slug)}` }),
  },
  // The wishlist: company B's suggestions are neither listed, nor voted on, nor moderated.
  {
    operation: 'GET /api/suggestions',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/suggestions?limit=50' }),
  },
  {
    operation: 'POST /api/suggestions',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/suggestions',
      payload: { title: 'Sugestão da empresa A', body: 'Texto' },
    }),
  },
  {
    operation: 'POST /api/suggestions/{id}/vote',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/suggestions/${firstId(b, 'suggestions')}/vote`,
      payload: { vote: 'yes' },
    }),
  },
  {
    operation: 'PUT /api/center/suggestions/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'PUT',
      url: `/api/center/suggestions/${firstId(b, 'suggestions')}`,
      payload: { status: 'approved', answer: 'Hijacked' },
    }),
  },
  // The changelog: the product's versions are everyone's; company B's own are neither read nor changed.
  {
    operation: 'GET /api/changelog',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/changelog' }),
  },
  {
    operation: 'GET /api/changelog/status',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/changelog/status' }),
  },
  {
    operation: 'POST /api/changelog/seen',
    expect: 'own_only',
    request: () => ({ method: 'POST', url: '/api/changelog/seen' }),
  },
  {
    operation: 'POST /api/changelog',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/changelog',
      payload: {
        date: '2026-11-20',
        version: 'Da empresa A',
        changes: [{ type: 'feature', descriptions: { pt: 'a', en: 'b', es: 'c' } }],
      },
    }),
  },
  ...(['PUT', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/changelog/{id}`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/changelog/${firstId(b, 'changelog_versions')}`,
      payload:
        method === 'PUT'
          ? {
              date: '2026-11-20',
              version: 'Hijacked',
              changes: [{ type: 'feature', descriptions: { pt: 'a', en: 'b', es: 'c' } }],
            }
          : undefined,
    }),
  })),
  // Voice (issue 26): B's SIP accounts, settings and call records are neither read nor changed.
  {
    operation: 'GET /api/phone/settings',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/phone/settings' }),
  },
  {
    operation: 'GET /api/phone/cdr-calls/{id}',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/phone/cdr-calls/${String(b.rows.voice_calls?.[0]?.contact_id)}`,
    }),
  },
  {
    operation: 'GET /api/phone/operators',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/phone/operators' }),
  },
  {
    operation: 'GET /api/phone/calls/by-call-id/{callId}',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/phone/calls/by-call-id/${encodeURIComponent(String(b.rows.voice_calls?.[0]?.call_id))}`,
    }),
  },
  {
    operation: 'PUT /api/phone/registration',
    expect: 'own_only',
    request: () => ({ method: 'PUT', url: '/api/phone/registration', payload: { registered: true } }),
  },
  {
    // Reported into the caller's own company only: B's call of the same Call-ID is never touched.
    operation: 'POST /api/phone/calls/report',
    expect: 'own_only',
    request: (b) => ({
      method: 'POST',
      url: '/api/phone/calls/report',
      payload: {
        event: 'ended',
        call_id: String(b.rows.voice_calls?.[0]?.call_id),
        side: 'operator',
        cause: 'normal',
      },
    }),
  },
  {
    operation: 'POST /api/phone/calls/{id}/classification',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/phone/calls/${firstId(b, 'voice_calls')}/classification`,
      payload: { reason_id: firstId(b, 'call_reasons'), notes: 'Classificada por intrusa' },
    }),
  },
  {
    operation: 'GET /api/center/phone/settings',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/phone/settings' }),
  },
  {
    operation: 'PUT /api/center/phone/settings',
    expect: 'own_only',
    request: () => ({
      method: 'PUT',
      url: '/api/center/phone/settings',
      payload: {
        pbx: 'external',
        ws_url: 'wss://pbx.intrusa.test/ws',
        sip_domain: 'intrusa.atende.sip',
        ice_servers: [],
        wrap_up_seconds: 5,
        ring_timeout_seconds: 10,
      },
    }),
  },
  {
    operation: 'GET /api/center/phone/sip-accounts',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/phone/sip-accounts' }),
  },
  {
    operation: 'PUT /api/center/phone/sip-accounts/{userId}',
    expect: 'not_found',
    request: (b) => ({
      method: 'PUT',
      url: `/api/center/phone/sip-accounts/${String(b.rows.sip_accounts?.[0]?.user_id)}`,
      payload: { username: 'intrusa', password: 'senha-da-intrusa' },
    }),
  },
  {
    operation: 'DELETE /api/center/phone/sip-accounts/{userId}',
    expect: 'not_found',
    request: (b) => ({
      method: 'DELETE',
      url: `/api/center/phone/sip-accounts/${String(b.rows.sip_accounts?.[0]?.user_id)}`,
    }),
  },
  {
    operation: 'GET /api/center/phone/calls',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/center/phone/calls' }),
  },
  // Contacts analytics (issue 28): company B's attendant or team is not found, whoever asks; the history
  // without a subject is the caller's own company's (or, for an attendant, their own).
  {
    operation: 'GET /api/analytics/performance',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/analytics/performance?from=2020-01-01&to=2020-12-31&user_id=${firstId(b, 'users')}`,
    }),
  },
  {
    operation: 'GET /api/analytics/day-stats',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/analytics/day-stats?from=2026-01-01&to=2026-12-31&team_id=${firstId(b, 'teams')}`,
    }),
  },
  {
    operation: 'GET /api/analytics/history',
    expect: 'own_only',
    request: (b) => ({
      method: 'GET',
      url: `/api/analytics/history?from=2026-01-01&to=2026-12-31&search=${encodeURIComponent(String(contactOf(b).name))}`,
    }),
  },
  {
    operation: 'GET /api/analytics/history.csv',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/analytics/history.csv?from=2026-01-01&to=2026-12-31&user_id=${firstId(b, 'users')}`,
    }),
  },
  {
    // Filtered by B's operator and number: the export still holds none of B's calls.
    operation: 'GET /api/center/phone/calls.csv',
    expect: 'own_only',
    request: (b) => ({
      method: 'GET',
      url: `/api/center/phone/calls.csv?operator_id=${String(b.rows.voice_calls?.[0]?.operator_id)}&number=${String(b.rows.voice_calls?.[0]?.from_number)}`,
    }),
  },
  {
    operation: 'POST /api/phone/calls/{id}/transfer',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/phone/calls/${firstId(b, 'voice_calls')}/transfer`,
      payload: { to_user_id: String(b.rows.sip_accounts?.[0]?.user_id) },
    }),
  },
  // Pipelines (issue 24): company B's pipelines, steps, labels, cards and comments are not found.
  {
    operation: 'GET /api/pipeline',
    expect: 'own_only',
    request: () => ({ method: 'GET', url: '/api/pipeline' }),
  },
  {
    operation: 'POST /api/pipeline',
    expect: 'own_only',
    request: () => ({
      method: 'POST',
      url: '/api/pipeline',
      payload: { name: 'Pipeline da empresa A', steps: [{ name: 'Lista A' }] },
    }),
  },
  ...(['PUT', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/pipeline/{pipelineId}`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/pipeline/${firstId(b, 'pipelines')}`,
      payload: method === 'PUT' ? { name: 'Tomado', steps: [{ name: 'Lista' }] } : undefined,
    }),
  })),
  {
    operation: 'GET /api/user/pipeline',
    expect: 'own_only',
    request: (b) => ({
      method: 'GET',
      url: `/api/user/pipeline?pipeline_id=${firstId(b, 'pipelines')}&status=all`,
    }),
  },
  {
    operation: 'GET /api/responsible/{responsibleId}/pipeline',
    expect: 'own_only',
    request: (b) => ({
      method: 'GET',
      url: `/api/responsible/${String(b.rows.pipeline_cards?.[0]?.responsible_id)}/pipeline?status=all`,
    }),
  },
  {
    operation: 'GET /api/pipeline/{pipelineId}/board',
    expect: 'not_found',
    request: (b) => ({ method: 'GET', url: `/api/pipeline/${firstId(b, 'pipelines')}/board?status=all` }),
  },
  {
    operation: 'GET /api/pipeline/{pipelineId}/steps/{stepId}/items',
    expect: 'not_found',
    request: (b) => ({
      method: 'GET',
      url: `/api/pipeline/${pipelineOf(b, 'pipeline_cards')}/steps/${String(b.rows.pipeline_cards?.[0]?.step_id)}/items?status=all`,
    }),
  },
  ...(['GET', 'POST'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/pipeline/{pipelineId}/labels`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/pipeline/${firstId(b, 'pipelines')}/labels`,
      payload: method === 'POST' ? { name: 'Etiqueta', colour: '#000000' } : undefined,
    }),
  })),
  ...(['PUT', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/pipeline/{pipelineId}/labels/{labelId}`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `/api/pipeline/${pipelineOf(b, 'pipeline_labels')}/labels/${firstId(b, 'pipeline_labels')}`,
      payload: method === 'PUT' ? { name: 'Etiqueta', colour: '#000000' } : undefined,
    }),
  })),
  {
    operation: 'POST /api/pipeline/{pipelineId}/item/{itemId}/label/{labelId}',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `${cardUrl(b)}/label/${firstId(b, 'pipeline_labels')}`,
    }),
  },
  ...(['POST', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/pipeline/{pipelineId}/item/{itemId}/attachment/{attachmentId}/cover`,
    expect: 'not_found',
    request: (b) => ({ method, url: `${cardUrl(b)}/attachment/${firstId(b, 'pipeline_comments')}/cover` }),
  })),
  {
    operation: 'DELETE /api/pipeline/{pipelineId}/item/{itemId}/attachment/{attachmentId}',
    expect: 'not_found',
    request: (b) => ({
      method: 'DELETE',
      url: `${cardUrl(b)}/attachment/${firstId(b, 'pipeline_comments')}`,
    }),
  },
  {
    operation: 'POST /api/pipeline/{pipelineId}/item/{itemId}/attachment',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `${cardUrl(b)}/attachment`,
      ...multipartBody([{ name: 'file', filename: 'a.png', type: 'image/png', data: SAMPLE_PNG }]),
    }),
  },
  {
    operation: 'POST /api/pipeline/{pipelineId}/steps/{stepId}/item',
    expect: 'not_found',
    request: (b) => ({
      method: 'POST',
      url: `/api/pipeline/${pipelineOf(b, 'pipeline_steps')}/steps/${firstId(b, 'pipeline_steps')}/item`,
      payload: { contact_id: String(contactOf(b).id), name: 'Cartão' },
    }),
  },
  {
    operation: 'PUT /api/pipeline/{pipelineId}/steps/{stepId}/item/{itemId}',
    expect: 'not_found',
    request: (b) => ({
      method: 'PUT',
      url: `/api/pipeline/${pipelineOf(b, 'pipeline_cards')}/steps/${String(b.rows.pipeline_cards?.[0]?.step_id)}/item/${firstId(b, 'pipeline_cards')}`,
      payload: { name: 'Tomado' },
    }),
  },
  ...(['GET', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/pipeline/{pipelineId}/item/{itemId}`,
    expect: 'not_found',
    request: (b) => ({ method, url: cardUrl(b) }),
  })),
  {
    operation: 'POST /api/pipeline/{pipelineId}/item/{itemId}/rating',
    expect: 'not_found',
    request: (b) => ({ method: 'POST', url: `${cardUrl(b)}/rating`, payload: { rating: 1 } }),
  },
  ...(['GET', 'POST'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/pipeline/{pipelineId}/item/{itemId}/comments`,
    expect: 'not_found',
    request: (b) => ({
      method,
      url: `${cardUrl(b)}/comments`,
      payload: method === 'POST' ? { text: 'comentário' } : undefined,
    }),
  })),
  ...(['PUT', 'DELETE'] as const).map((method): TenancyProbe => ({
    operation: `${method} /api/pipeline/{pipelineId}/item/{itemId}/comments/{commentId}`,
    expect: 'not_found',
    request: (b) => {
      const comment = b.rows.pipeline_comments?.[0] ?? {};
      const card = b.rows.pipeline_cards?.find((row) => row.id === comment.card_id) ?? {};
      return {
        method,
        url: `/api/pipeline/${String(card.pipeline_id)}/item/${String(card.id)}/comments/${String(comment.id)}`,
        payload: method === 'PUT' ? { text: 'alterado' } : undefined,
      };
    },
  })),
];

/**
 * Every event a console socket may send, aimed at company B: `send` emits it with B's ids and answers its ack
 * (undefined for an event without one), which must equal `ack`. The test then has B's own users talk in that
 * contact's room and checks that nothing of it reached the socket. Keyed by the contract's event names, so a
 * new client event does not compile until it is probed here.
 */
export const SOCKET_PROBES: {
  [E in keyof ClientToServerEvents]: {
    send(socket: TestSocket, foreign: Foreign): Promise<unknown>;
    ack: unknown;
  };
} = {
  ping: { send: async (socket) => typeof (await socket.emitWithAck('ping')), ack: 'number' },
  'contact.watch': {
    send: (socket, b) => socket.emitWithAck('contact.watch', firstId(b, 'contacts')),
    ack: false,
  },
  'contact.unwatch': {
    send: async (socket, b) => void socket.emit('contact.unwatch', firstId(b, 'contacts')),
    ack: undefined,
  },
  'contact.typing': {
    send: async (socket, b) => void socket.emit('contact.typing', firstId(b, 'contacts')),
    ack: undefined,
  },
};

/**
 * Every event a chat widget visitor's socket may send (the widget namespace), aimed at company B by a visitor of
 * company A's widget: `send` emits it with B's ids and answers its ack (undefined for an event without one),
 * which must equal `ack`. The test then checks that company B's rows are as they were and that nothing of B
 * reached the visitor. Keyed by the contract's widget events, so a new one does not compile until probed here.
 */
export const WIDGET_SOCKET_PROBES: {
  [E in keyof WidgetClientEvents]: {
    send(socket: VisitorSocket, foreign: Foreign): Promise<unknown>;
    ack: unknown;
  };
} = {
  // Takes no id of anything: the message goes to the visitor's own conversation.
  'message.send': {
    send: (socket) => socket.emitWithAck('message.send', { client_id: 'tenancy-probe', text: 'Olá' }),
    ack: expect.objectContaining({ ok: true }),
  },
  // Another company's message as the anchor: answered like a first sync, the visitor's own messages only.
  sync: {
    send: async (socket, b) => {
      const result = await socket.emitWithAck('sync', { after: firstId(b, 'messages') });
      return result.ok ? result.messages.map((message) => message.text) : result;
    },
    ack: ['Olá'],
  },
  // Receipts for another company's messages: nothing to answer, and nothing of B may move.
  receipt: {
    send: async (socket, b) =>
      void socket.emit('receipt', {
        status: 'read',
        ids: (b.rows.messages ?? []).slice(0, 200).map((row) => String(row.id)),
      }),
    ack: undefined,
  },
  typing: { send: async (socket) => void socket.emit('typing'), ack: undefined },
  presence: {
    send: async (socket) => Object.keys(await socket.emitWithAck('presence')).sort(),
    ack: ['online', 'open'],
  },
};

/** Every operation the API documents, as "METHOD /path". */
export function documentedOperations(app: FastifyInstance): string[] {
  const paths = (app.swagger() as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Tables that carry company_id, and the tenant's rows of each (plus its companies row). */
export async function tenantSnapshot(
  db: Db,
  companyId: string,
): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = await tenantTables(db);
  const snapshot: Record<string, Record<string, unknown>[]> = {};
  snapshot.companies = await queryRows(db, sql`select * from companies where id = ${companyId}`);
  for (const table of tables) {
    snapshot[table] = await queryRows(
      db,
      sql`select * from ${sql.identifier(table)} as row where company_id = ${companyId} order by row::text`,
    );
  }
  return snapshot;
}

export async function tenantTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    db,
    sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

/**
 * Strings that identify company B's data: its row ids and its longer names, texts and addresses (short
 * values such as the username "admin" would collide with enum values). Any of them in A's response is a leak.
 */
export function markersOf(foreign: Foreign): string[] {
  const markers = new Set<string>();
  for (const rows of Object.values(foreign.rows)) {
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        if (column === 'id' || (['name', 'text', 'address'].includes(column) && value.length >= 8))
          markers.add(value);
      }
    }
  }
  return [...markers];
}
