// A real IMAP server for tests and the local demo: Debian's Dovecot started on a loopback port with a
// throwaway mail directory and plain-text logins. `append` puts a raw e-mail in a user's INBOX the way a mail
// delivery would, over IMAP APPEND.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

export type ImapUser = { user: string; password: string };

export type Dovecot = {
  host: string;
  port: number;
  append(user: ImapUser, raw: string | Buffer, mailbox?: string): Promise<void>;
  stop(): Promise<void>;
};

export const DOVECOT_BINARY = '/usr/sbin/dovecot';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Dovecot refuses to hand mail to root: as root, mail belongs to the package's own `dovecot` user. */
function mailOwner(): { uid: number; gid: number; internal: string; login: string } {
  const me = userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, internal: me.username, login: me.username };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'dovecot']).toString().trim());
  return { uid: id('-u'), gid: id('-g'), internal: 'dovecot', login: 'dovenull' };
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`dovecot did not listen on ${port}`);
}

export async function startDovecot(users: ImapUser[]): Promise<Dovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'atende-dovecot-'));
  await chmod(dir, 0o755);
  const owner = mailOwner();
  for (const sub of ['run', 'state', 'mail', 'home']) await mkdir(join(dir, sub));
  for (const sub of ['mail', 'home']) await chown(join(dir, sub), owner.uid, owner.gid);
  await writeFile(join(dir, 'users'), users.map((u) => `${u.user}:{PLAIN}${u.password}`).join('\n') + '\n');
  const port = await freePort();
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${owner.internal}
default_login_user = ${owner.login}
first_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
  await writeFile(join(dir, 'dovecot.conf'), config);
  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, Date.now() + 10_000);
  return {
    host: '127.0.0.1',
    port,
    async append(user, raw, mailbox = 'INBOX') {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user: user.user, pass: user.password },
        logger: false,
      });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.append(mailbox, raw);
      } finally {
        await client.logout();
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
