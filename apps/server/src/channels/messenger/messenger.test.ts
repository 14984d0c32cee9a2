// Messenger end to end against its simulator: the tests Meta's messaging kinds share (meta/messaging-suite.ts),
// with the page token in the query of every Graph call.
import { startMessengerSimulator } from '@atende/simulators/providers/messenger';
import { describe, expect, it } from 'vitest';
import { metaMessagingSuite } from '../meta/messaging-suite.ts';

describe('Messenger channel', () => {
  metaMessagingSuite(
    {
      kind: 'messenger',
      start: (other) =>
        startMessengerSimulator(other ? { pageId: '204729518849999', pageName: 'Outra' } : {}),
      replyContext: true,
      deliveries: true,
    },
    (ctx) => {
      it('calls the Graph API with the page token in the query, under the page id', () => {
        const { sim } = ctx();
        const send = sim.calls.find((call) => call.method === 'POST')!;
        expect(send.path).toBe(`/${sim.account.settings.page_id}/messages`);
        expect(send.headers.authorization).toBeUndefined();
      });
    },
  );
});
