// `npm run simulate`: customers writing to the running server, through its local control socket and the same
// ingest service real channels use. Options: --company demo --messages 20 --interval 1500 (ms) --seed N;
// --email also starts local mail servers (Dovecot, an SMTP sink) so e-mail customers write real mail;
// --chat makes chat customers real widget visitors of the server's PUBLIC_URL (--widget-key demo).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { chatVisitors } from './chat-visitors.ts';
import { startLocalMail } from './local-mail.ts';
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
  },
});
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
const nextMessage = simulatedTraffic(values.company, values.seed ? Number(values.seed) : Date.now());
for (let i = 1; i <= total; i++) {
  const message = nextMessage();
  if (mail && message.kind === 'email') {
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
if (mail || chat) {
  // Mail servers and chat visitors live in this process: keep them up so attendants' replies arrive.
  console.log('Waiting for replies (printed as they arrive); Ctrl+C to stop.');
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  chat?.stop();
  await mail?.stop();
}
client.close();
