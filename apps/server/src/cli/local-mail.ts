// `npm run simulate -- --email`: real mail servers for the demo. Starts Dovecot (IMAP) and an SMTP sink on
// loopback ports, points the company's e-mail account at them through the control socket, and then delivers
// customers' e-mails into the mailbox, where the server's IMAP connection picks them up like any other mail.
// Replies the attendants send arrive at the sink and are printed.
import { randomBytes } from 'node:crypto';
import { localMailAccount, startDovecot, startSmtpSink, type ReceivedMail } from '@atende/simulators/email';
import type { openControlClient } from '../platform/control-socket.ts';

type ControlClient = Awaited<ReturnType<typeof openControlClient>>;

const SUBJECTS = ['Dúvida sobre meu pedido', 'Segunda via do boleto', 'Troca de produto', 'Cancelamento'];

export type LocalMail = {
  deliver(from: { name: string; address: string }, text: string, id: string): Promise<void>;
  stop(): Promise<void>;
};

export async function startLocalMail(client: ControlClient, company: string): Promise<LocalMail> {
  const mailbox = { user: 'atendimento@demo.example', password: randomBytes(12).toString('hex') };
  const [dovecot, sink] = await Promise.all([startDovecot([mailbox]), startSmtpSink(mailbox)]);
  await client.send('connect-email', {
    company,
    account: localMailAccount({ dovecot, sink }, mailbox, 'E-mail Atendimento'),
  });
  console.log(`E-mail: IMAP 127.0.0.1:${dovecot.port}, SMTP 127.0.0.1:${sink.port} (${mailbox.user})`);
  const printed = new Set<ReceivedMail>();
  const watchReplies = async () => {
    for (;;) {
      const mail = await sink.next((received) => !printed.has(received), 24 * 3_600_000).catch(() => null);
      if (!mail) return;
      printed.add(mail);
      console.log(
        `reply → ${mail.envelope.to.join(', ')}: ${mail.parsed.subject ?? ''} — ${mail.parsed.text?.trim()}`,
      );
    }
  };
  void watchReplies();
  let sequence = 0;
  return {
    async deliver(from, text, id) {
      const subject = SUBJECTS[sequence++ % SUBJECTS.length]!;
      const raw = [
        `From: ${from.name} <${from.address}>`,
        `To: Atendimento <${mailbox.user}>`,
        `Subject: ${subject}`,
        `Message-ID: <${id}@exemplo.com.br>`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        text,
        '',
      ].join('\r\n');
      await dovecot.append(mailbox, raw);
    },
    async stop() {
      await Promise.all([dovecot.stop(), sink.stop()]);
    },
  };
}
