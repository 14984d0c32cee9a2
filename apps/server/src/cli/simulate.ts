// `npm run simulate`: customers writing to the running server, through its local control socket and the same
// ingest service real channels use. Options: --company demo --messages 20 --interval 1500 (ms) --seed N;
// --email also starts local mail servers (Dovecot, an SMTP sink) so e-mail customers write real mail;
// --chat makes chat customers real widget visitors of the server's PUBLIC_URL (--widget-key demo);
// --channels all (or a comma list: whatsapp,messenger,instagram,telegram,viber,sms,api) starts those providers'
// simulators and makes customers write through each provider's real protocol to the server's webhooks.
// With --channels, customers take turns over the kinds driven for real (those, e-mail and chat when asked).
// --voice makes customers with a voice number call the attendants through the server's embedded PBX (real SIP
// phones with WebRTC audio): --calls 5 of them one after another, each talking --talk 20 (s) unless the attendant
// hangs up first; the attendants' calls to those customers are answered. --messages 0 only calls.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import type { ChannelKind } from '@atende/contract';
import { chatVisitors } from './chat-visitors.ts';
import { startVoiceCustomers } from './voice-customers.ts';
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
    voice: { type: 'boolean', default: false },
    calls: { type: 'string', default: '5' },
    talk: { type: 'string', default: '20' },
  },
});
let channelKinds: ReturnType<typeof parseChannelKinds> = [];
try {
  channelKinds = values.channels === undefined ? [] : parseChannelKinds(values.channels);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const messagesAsked = Number(values.messages);
const total = Math.min(Math.max(Number.isInteger(messagesAsked) ? messagesAsked : 20, 0), 100_000);
const calls = Math.min(Math.max(Number(values.calls) || 0, 0), 1_000);
const talkMs = Math.min(Math.max(Number(values.talk) || 20, 1), 3_600) * 1000;
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
const voice = values.voice
  ? await startVoiceCustomers(client, values.company, { phones: 3, talkMs, ringMs: 3_000 }).catch(
      async (error: unknown) => {
        console.error(`Could not start the phone customers: ${String(error)}`);
        chat?.stop();
        await Promise.all([mail?.stop(), providers?.stop()]);
        process.exit(1);
      },
    )
  : null;
if (voice) {
  console.log(
    `Phones: ${voice.customers.map((customer) => `${customer.name} (${customer.number})`).join(', ')}`,
  );
}
const calling = voice?.run(calls, interval);
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
await calling;
if (mail || chat || providers || voice) {
  // Mail servers, chat visitors, provider simulators and phones live in this process: keep them up so
  // attendants' replies (and calls) arrive.
  console.log('Waiting for replies (printed as they arrive); Ctrl+C to stop.');
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  chat?.stop();
  await Promise.all([mail?.stop(), providers?.stop(), voice?.stop()]);
}
client.close();
