// An SMTP server that keeps what it receives: the outbound side of e-mail in tests and the local demo.
// Built on `smtp-server` (the server half of nodemailer's project); logins are checked against one account.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { envelope: { from: string; to: string[] }; raw: Buffer; parsed: ParsedMail };

export type SmtpSink = {
  host: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the first mail (already received or to come) that `match` accepts. */
  next(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Until `failures` more mails have been refused with this SMTP reply code (4xx transient, 5xx permanent). */
  refuseNext(code: number, failures?: number): void;
  stop(): Promise<void>;
};

export async function startSmtpSink(account: { user: string; password: string }): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let refusal: { code: number; left: number } | null = null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === account.user && auth.password === account.password) {
        return callback(null, { user: auth.username });
      }
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal && refusal.left > 0) {
          refusal.left -= 1;
          const { code } = refusal;
          return callback(Object.assign(new Error(`Refused by the test (${code})`), { responseCode: code }));
        }
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((parsed) => {
          const mail: ReceivedMail = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((to) => to.address),
            },
            raw,
            parsed,
          };
          received.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    host: '127.0.0.1',
    port,
    received,
    next(match = () => true, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) {
            waiters.splice(index, 1);
            reject(new Error(`no matching mail within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    refuseNext(code, failures = 1) {
      refusal = { code, left: failures };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
