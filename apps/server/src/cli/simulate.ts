// `npm run simulate`: customers writing to the running server, through its local control socket and the same
// ingest service real channels use. Options: --company demo --messages 20 --interval 1500 (ms) --seed N;
// --email also starts local mail servers (Dovecot, an SMTP sink) so e-mail customers write real mail;
// --chat makes chat customers real widget visitors of the server's PUBLIC_URL (--widget-key demo);
// --channels all (or a comma list: whatsapp,messenger,instagram,telegram,viber,sms,api) starts those providers'
// simulators and makes customers write through each provider's real protocol to the server's webhooks.
// With --channels, customers take turns over the kinds driven for real (those, e-mail and chat when asked).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import type { ChannelKind } from '@atende/contract';
import { chatVisitors } from './chat-visitors.ts';
import { startLocalMail } from './local-mail.ts';
import { parseChannelKinds, startProviderCustomers } from './provider-customers.ts';
import { simulatedTraffic } from '../modules/demo/simulated-traffic.ts';
import { CONTROL_SOCKET, openControlClient } from '../platform/control-socket.ts';

const { values } = parseArgs({
  options: {
    company: { type: 'string', default: 'demo' },
    messages: { type: 'string', default: '20' },
    interval: { type: 'string', default: '1500' },
    seed: { type: 'string' },
    email: { type: 'boolean', default: false },
    chat: { type: 'boolean', default: false },
    'widget-key': { type: 'string', default: 'demo' },
    channels: { type: 'string' },
  },
});
let channelKinds: ReturnType<typeof parseChannelKinds> = [];
try {
  channelKinds = values.channels === undefined ? [] : parseChannelKinds(values.channels);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const total = Math.min(Math.max(Number(values.messages) || 20, 1), 100_000);
const interval = Math.min(Math.max(Number(values.interval) || 0, 0), 60_000);
const config = loadConfig();
const path = join(config.dataDir, CONTROL_SOCKET);

const client = await openControlClient(path).catch(() => {
  console.error(`No running server found at ${path}. Start it with \`npm start\` (same DATA_DIR) first.`);
  process.exit(1);
});
const mail = values.email ? await startLocalMail(client, values.company) : null;
const chat = values.chat ? chatVisitors(config.publicUrl, values['widget-key']) : null;
const providers = channelKinds.length
  ? await startProviderCustomers(client, values.company, channelKinds).catch(async (error: unknown) => {
      console.error(`Could not start the channels' simulators: ${String(error)}`);
      chat?.stop();
      await mail?.stop();
      process.exit(1);
    })
  : null;
// With --channels, customers take turns over the kinds driven for real.
const rotation: ChannelKind[] = providers
  ? [...providers.kinds, ...(mail ? (['email'] as const) : []), ...(chat ? (['chat'] as const) : [])]
  : [];
const nextMessage = simulatedTraffic(values.company, values.seed ? Number(values.seed) : Date.now());
for (let i = 1; i <= total; i++) {
  const message = nextMessage(rotation.length ? rotation[(i - 1) % rotation.length] : undefined);
  const provider = providers?.kinds.find((kind) => kind === message.kind);
  if (providers && provider) {
    // The provider's own webhook call, signed as the provider signs it; one in five carries a file.
    const person = { name: message.name ?? 'Cliente', phone: message.address.replace(/\D/g, '') };
    const written = await providers.write(provider, person, message.text, i % 5 === 0);
    console.log(`${i}/${total} ${provider} ${message.name} (webhook ${written.status}): ${written.text}`);
  } else if (mail && message.kind === 'email') {
    // A real e-mail into the mailbox: the server reads it over IMAP like any customer's mail.
    await mail.deliver(
      { name: message.name ?? message.address, address: message.address },
      message.text,
      message.provider_message_id,
    );
    console.log(`${i}/${total} email ${message.name} (IMAP): ${message.text}`);
  } else if (chat && message.kind === 'chat') {
    // A visitor of the company's website, through the widget's session and socket.
    await chat.write(
      { name: message.name ?? 'Visitante', email: `${message.address}@exemplo.com.br` },
      message.text,
    );
    console.log(`${i}/${total} chat ${message.name} (widget): ${message.text}`);
  } else {
    const result = (await client.send('inbound', message)) as { createdContact: boolean };
    console.log(
      `${i}/${total} ${message.kind} ${message.name} (${result.createdContact ? 'new' : 'returning'}): ${message.text}`,
    );
  }
  if (i < total && interval) await new Promise((resolve) => setTimeout(resolve, interval));
}
if (mail || chat || providers) {
  // Mail servers, chat visitors and provider simulators live in this process: keep them up so attendants'
  // replies arrive.
  console.log('Waiting for replies (printed as they arrive); Ctrl+C to stop.');
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  chat?.stop();
  await Promise.all([mail?.stop(), providers?.stop()]);
}
client.close();
