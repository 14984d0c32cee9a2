// The voice module: the phone settings, SIP accounts and call records API, and the embedded development PBX
// served on this server's `/sip` WebSocket; what the PBX changes (a call's record, the operators' states)
// becomes domain events, which its notifier brings to the consoles.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { conversationService } from '../conversations/service.ts';
import { notifyCalls } from './notifier.ts';
import { onlineOperators } from './operators.ts';
import { presentOnlineOperator } from './presenter.ts';
import { voiceRoutes } from './routes.ts';
import { voiceService } from './service.ts';
import { digestAuth } from './sip/digest.ts';
import { createPbx, type Pbx } from './sip/pbx.ts';
import { attachSipWebSocket } from './sip/server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded development PBX (tests read its registrations and wait for its call records). */
    pbx: Pbx;
  }
}

/** Operator changes come in bursts (a call's start rings one and changes another): told once per burst. */
const OPERATORS_SETTLE_MS = 100;

export function registerVoice(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: EventBus;
    jobs: Jobs;
    credentials: CredentialsBox;
    config: { publicUrl: string; credentialsKey: string };
  },
): void {
  const url = new URL(deps.config.publicUrl);
  const pending = new Map<string, NodeJS.Timeout>();
  let closed = false;
  const publishOperators = (companyId: string) => {
    if (closed || pending.has(companyId)) return;
    pending.set(
      companyId,
      setTimeout(() => {
        pending.delete(companyId);
        onlineOperators({ db: deps.db, companyId }, pbx).then(
          (rows) =>
            deps.bus.publish([
              { type: 'operators.changed', companyId, operators: rows.map(presentOnlineOperator) },
            ]),
          (error: unknown) => app.log.warn({ err: error }, 'could not read the online operators'),
        );
      }, OPERATORS_SETTLE_MS),
    );
  };
  const pbx = createPbx({
    db: deps.db,
    credentials: deps.credentials,
    // Nonces are signed with a key of their own, derived from the credentials key.
    digest: digestAuth(createHash('sha256').update(`atende-sip:${deps.config.credentialsKey}`).digest('hex')),
    host: url.hostname,
    secure: url.protocol === 'https:',
    onError: (error, what) => app.log.warn({ err: error }, `embedded PBX: ${what} failed`),
    onChange: (change) => {
      if (change.kind === 'operators') return publishOperators(change.companyId);
      deps.bus.publish([{ type: 'call.changed', companyId: change.companyId, callId: change.callId }]);
    },
  });
  // A pause or its end changes what the operators modal says of the user.
  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type === 'pause.changed') publishOperators(event.companyId);
  });
  app.decorate('pbx', pbx);
  voiceRoutes(
    app,
    voiceService({
      ...deps,
      pbx,
      conversations: conversationService({ bus: deps.bus, jobs: deps.jobs }),
      operatorsChanged: publishOperators,
    }),
    { credentials: deps.credentials, publicUrl: deps.config.publicUrl },
  );
  const door = attachSipWebSocket(app.server, pbx);
  app.addHook('onClose', async () => {
    closed = true;
    unsubscribe();
    for (const timer of pending.values()) clearTimeout(timer);
    door.close();
    pbx.stop();
  });
}

/** Calls and operators reach the consoles (called once the realtime server exists). */
export function registerVoiceNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyCalls(deps.db, deps.bus, io);
}
