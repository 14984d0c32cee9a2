// Instagram Direct end to end against its simulator: the tests Meta's messaging kinds share
// (meta/messaging-suite.ts) with Instagram Login (Bearer token, graph.instagram.com paths), then an account on
// Facebook Login, whose sends go to the linked page with the token in the query.
import type { Message } from '@atende/contract';
import { startInstagramSimulator } from '@atende/simulators/providers/instagram';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/factories.ts';
import { messages } from '../../db/schema/index.ts';
import { metaMessagingSuite } from '../meta/messaging-suite.ts';

describe('Instagram Direct channel', () => {
  metaMessagingSuite(
    {
      kind: 'instagram_direct',
      start: (other) =>
        startInstagramSimulator(other ? { instagramId: '17841400009999999', username: 'outra' } : {}),
      replyContext: false,
      deliveries: false,
    },
    (ctx) => {
      it('calls graph.instagram.com’s paths with the account’s token as Bearer', () => {
        const { sim } = ctx();
        const send = sim.calls.find((call) => call.method === 'POST')!;
        expect(send.path).toBe(`/${sim.account.settings.instagram_id}/messages`);
        expect(send.headers.authorization).toBe(`Bearer ${sim.account.secrets.access_token}`);
      });

      it('on Facebook Login sends through the linked page with the token in the query', async () => {
        const { app, admin, t, createAccount, webhookAddress, until } = ctx();
        const sim = await startInstagramSimulator({
          login: 'facebook',
          instagramId: '17841400007777777',
          pageId: '304729518847777',
          username: 'acme.fb',
        });
        try {
          const account = await createAccount(admin, sim, 'Instagram via Facebook');
          sim.setWebhookUrl(webhookAddress(account));
          const test = await injectAs(app, admin, {
            method: 'POST',
            url: `/api/center/channels/${account.id}/test`,
          });
          expect(test.json()).toEqual({ api: { ok: true, error: null } });
          const customer = '5512000099887766';
          const wrote = await sim.customerWrites({ from: customer, text: 'Oi pelo Facebook Login' });
          expect(wrote.status).toBe(200);
          const [row] = await t.database.db
            .select()
            .from(messages)
            .where(
              and(
                eq(messages.companyId, admin.company.id),
                eq(messages.providerMessageId, wrote.providerMessageId),
              ),
            );
          const sent = await injectAs(app, admin, {
            method: 'POST',
            url: `/api/conversation/${row!.contactId}/messages`,
            payload: { text: 'Resposta via página' },
          });
          const id = sent.json<Message>().id;
          await until(id, 'sent');
          const call = sim.calls.find((c) => c.method === 'POST')!;
          expect(call.path).toBe('/304729518847777/messages');
          expect(call.headers.authorization).toBeUndefined();
          expect(sim.sent()).toMatchObject([{ to: customer, text: 'Resposta via página' }]);
        } finally {
          await sim.close();
        }
      });
    },
  );
});
