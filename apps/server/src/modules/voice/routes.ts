// Voice API: GET /api/phone/settings (the softphone's), GET /api/phone/cdr-calls/:contactId (a customer's call
// history), GET /api/phone/operators (the online SIP operators), GET /api/phone/calls/by-call-id/:callId (the
// softphone's own call, by its SIP Call-ID), POST /api/phone/calls/report and PUT /api/phone/registration (what
// the softphone saw of its calls and registration, on an external PBX),
// POST /api/phone/calls/:id/classification, POST /api/phone/calls/:id/transfer; the Center's
// /api/center/phone/settings, SIP accounts and the company's call records (GET /api/center/phone/calls, and
// calls.csv streamed with the same filters).
import { Readable } from 'node:stream';
import {
  CallFilters,
  CallRecord,
  CallRecordPage,
  CallRecordQuery,
  CallReport,
  CallReportResult,
  CenterPhoneSettings,
  CenterSipAccount,
  CenterSipAccountList,
  ClassifyCall,
  Id,
  Ok,
  OnlineOperatorList,
  PhoneSettings,
  SaveSipAccount,
  SipCallIdParams,
  SipRegistrationReport,
  CallTransfer,
  TransferCall,
  UpdatePhoneSettings,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { responses, typed } from '../../platform/http.ts';
import {
  presentCall,
  presentCallPage,
  presentCenterPhoneSettings,
  presentOnlineOperator,
  presentPhoneSettings,
  presentSipAccount,
} from './presenter.ts';
import { callCsvLines } from './csv.ts';
import type { VoiceService } from './service.ts';

export function voiceRoutes(
  app: FastifyInstance,
  voice: VoiceService,
  deps: { credentials: CredentialsBox; publicUrl: string },
): void {
  const r = typed(app);
  const tags = ['voice'];
  const center = ['center'];
  const IdParams = z.object({ id: Id });
  const UserParams = z.object({ userId: Id });

  r.get(
    '/api/phone/settings',
    { config: { ability: 'voice.use' }, schema: { tags, response: responses(PhoneSettings) } },
    async (request) => {
      const { settings, account } = await voice.softphone(tenantContext(request));
      return presentPhoneSettings(settings, account, deps.credentials, deps.publicUrl);
    },
  );
  r.get(
    '/api/phone/cdr-calls/:id',
    { schema: { tags, params: IdParams, querystring: CallRecordQuery, response: responses(CallRecordPage) } },
    async (request) =>
      presentCallPage(
        await voice.contactCalls(tenantContext(request), { ...request.query, contactId: request.params.id }),
      ),
  );
  r.get(
    '/api/phone/operators',
    { config: { ability: 'voice.use' }, schema: { tags, response: responses(OnlineOperatorList) } },
    async (request) => ({
      data: (await voice.onlineOperators(tenantContext(request))).map(presentOnlineOperator),
    }),
  );
  r.get(
    '/api/phone/calls/by-call-id/:callId',
    {
      config: { ability: 'voice.use' },
      schema: { tags, params: SipCallIdParams, response: responses(CallRecord) },
    },
    async (request) => presentCall(await voice.ownCall(tenantContext(request), request.params)),
  );
  r.post(
    '/api/phone/calls/report',
    {
      config: { ability: 'voice.use' },
      schema: { tags, body: CallReport, response: responses(CallReportResult) },
    },
    async (request) => voice.report(tenantContext(request), request.body),
  );
  r.put(
    '/api/phone/registration',
    {
      config: { ability: 'voice.use' },
      schema: { tags, body: SipRegistrationReport, response: responses(CallReportResult) },
    },
    async (request) => voice.reportRegistration(tenantContext(request), request.body.registered),
  );
  r.post(
    '/api/phone/calls/:id/classification',
    {
      config: { ability: 'voice.use' },
      schema: { tags, params: IdParams, body: ClassifyCall, response: responses(CallRecord) },
    },
    async (request) =>
      presentCall(await voice.classify(tenantContext(request), { ...request.body, id: request.params.id })),
  );
  r.post(
    '/api/phone/calls/:id/transfer',
    {
      config: { ability: 'voice.use' },
      schema: { tags, params: IdParams, body: TransferCall, response: responses(CallTransfer) },
    },
    async (request) => voice.transfer(tenantContext(request), { ...request.body, id: request.params.id }),
  );

  r.get(
    '/api/center/phone/settings',
    {
      config: { ability: 'company.read' },
      schema: { tags: center, response: responses(CenterPhoneSettings) },
    },
    async (request) => {
      const ctx = tenantContext(request);
      return presentCenterPhoneSettings(ctx, deps.credentials, await voice.settings(ctx));
    },
  );
  r.put(
    '/api/center/phone/settings',
    {
      config: { ability: 'company.configure' },
      schema: { tags: center, body: UpdatePhoneSettings, response: responses(CenterPhoneSettings) },
    },
    async (request) => {
      const ctx = tenantContext(request);
      return presentCenterPhoneSettings(ctx, deps.credentials, await voice.updateSettings(ctx, request.body));
    },
  );
  r.get(
    '/api/center/phone/sip-accounts',
    {
      config: { ability: 'users.read' },
      schema: { tags: center, response: responses(CenterSipAccountList) },
    },
    async (request) => ({ data: (await voice.sipAccounts(tenantContext(request))).map(presentSipAccount) }),
  );
  r.put(
    '/api/center/phone/sip-accounts/:userId',
    {
      // users.manage is checked by the service once the user is known to be of the caller's company.
      schema: {
        tags: center,
        params: UserParams,
        body: SaveSipAccount,
        response: responses(CenterSipAccount),
      },
    },
    async (request) =>
      presentSipAccount(
        await voice.saveSipAccount(tenantContext(request), {
          ...request.body,
          userId: request.params.userId,
        }),
      ),
  );
  r.delete(
    '/api/center/phone/sip-accounts/:userId',
    {
      schema: { tags: center, params: UserParams, response: responses(Ok) },
    },
    async (request) => {
      await voice.removeSipAccount(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );
  r.get(
    '/api/center/phone/calls',
    {
      config: { ability: 'calls.see_all' },
      schema: { tags: center, querystring: CallRecordQuery, response: responses(CallRecordPage) },
    },
    async (request) => presentCallPage(await voice.companyCalls(tenantContext(request), request.query)),
  );
  r.get(
    '/api/center/phone/calls.csv',
    { config: { ability: 'calls.see_all' }, schema: { tags: center, querystring: CallFilters } },
    async (request, reply) => {
      const pages = voice.exportCalls(tenantContext(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="calls-${day}.csv"`)
        .send(Readable.from(callCsvLines(pages)));
    },
  );
}
