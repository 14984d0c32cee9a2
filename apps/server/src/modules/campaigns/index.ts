// The campaigns module: its routes, its notifier, the calls it follows, and its dialer — a periodic tick in
// processes that work jobs (the embedded PBX's registrations live in the process that serves it; every state
// the tick acts on is in the database, so several processes tick safely side by side).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { tick } from './dialer.ts';
import { followCampaignCalls, notifyCampaignChanges } from './notifier.ts';
import { campaignRoutes } from './routes.ts';
import { campaignService } from './service.ts';

type CampaignModuleDeps = {
  db: Db;
  bus: EventBus;
  config: { role: string; campaignTickMs: number };
};

export function registerCampaigns(app: FastifyInstance, deps: CampaignModuleDeps): void {
  campaignRoutes(app, campaignService({ bus: deps.bus, pbx: app.pbx }));
  const unfollow = followCampaignCalls(deps.db, deps.bus, (error) =>
    app.log.warn({ err: error }, 'could not follow a campaign call'),
  );
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (deps.config.role === 'api' || deps.config.campaignTickMs <= 0) return;
    let busy = false;
    timer = setInterval(() => {
      if (busy) return; // a slow tick is not overlapped by the next
      busy = true;
      ticking = tick({ db: deps.db, bus: deps.bus, pbx: app.pbx })
        .catch((error: unknown) => app.log.warn({ err: error }, 'campaign dialer tick failed'))
        .finally(() => (busy = false));
    }, deps.config.campaignTickMs);
  });
  app.addHook('onClose', async () => {
    unfollow();
    if (timer) clearInterval(timer);
    await ticking;
  });
}

export function registerCampaignNotifier(io: RealtimeServer, deps: { bus: EventBus }): void {
  notifyCampaignChanges(io, deps.bus);
}
