// Inbound through a real channel path: website visitors of the web chat widget (its HTTP session and /widget
// socket, spoken by packages/simulators' chat visitor), timed from the visitor's send to the server's ack —
// the message stored by the ingest service.
import { ChatVisitor } from '@atende/simulators/chat-visitor';
import { CUSTOMER } from '../../../apps/server/src/modules/demo/vocabulary.ts';
import { api, login } from './fixtures.ts';
import { timedAtRate, type LatencyScenario } from './scenarios.ts';

/** Under the widget's per-address session limit: one load client is one address. */
const VISITORS = 40;

/** A chat widget of the bench company, created by its administrator through the Center API. */
async function benchWidgetKey(baseUrl: string): Promise<string> {
  const admin = await login(baseUrl, 'admin');
  const created = await api<{ chat: { widget_key: string } }>(baseUrl, '/api/center/channels', admin.token, {
    kind: 'chat',
    name: `Bench widget ${Date.now()}`,
    chat: {
      title: 'Bench',
      color: '#1c7ed6',
      pre_chat: { enabled: false, require_phone: false },
      identity_verification: false,
    },
  });
  return created.chat.widget_key;
}

export const widgetIngest: LatencyScenario = {
  kind: 'latency',
  name: 'widget_ingest',
  description: `chat widget visitors (${VISITORS}) writing at a fixed rate, send → stored (socket ack)`,
  async run(env, options) {
    const widgetKey = await benchWidgetKey(env.baseUrl);
    const visitors = await Promise.all(
      Array.from({ length: VISITORS }, async (_, n) => {
        const visitor = new ChatVisitor({ baseUrl: env.baseUrl, widgetKey, language: 'pt-BR' });
        await visitor.start({ name: `Visitante ${n}` });
        await visitor.connect();
        return visitor;
      }),
    );
    try {
      return await timedAtRate(options.ingestRate, env.durationSeconds * 1000, async (i) => {
        await visitors[i % VISITORS]!.send(CUSTOMER[i % CUSTOMER.length]!);
      });
    } finally {
      for (const visitor of visitors) visitor.disconnect();
    }
  },
};
