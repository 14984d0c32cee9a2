// The Debian packages the tests drive for real: Chromium (end-to-end tests) and Dovecot (the IMAP server the
// e-mail tests deliver customers' mail to). Run before `npm test` (and by .ci/run): installs what is missing when
// this user may (root with apt-get), otherwise stops with the one command to run, so no suite goes red half-way
// through for want of a package.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = [
  { binary: '/usr/bin/chromium', name: 'chromium' },
  { binary: '/usr/sbin/dovecot', name: 'dovecot-imapd' },
];

const missing = PACKAGES.filter(({ binary }) => !existsSync(binary)).map(({ name }) => name);
if (missing.length === 0) process.exit(0);

const command = `apt-get install -y ${missing.join(' ')}`;
const mayInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (!mayInstall) {
  console.error(`The tests need Debian's ${missing.join(' and ')}. Install with: sudo ${command}`);
  process.exit(1);
}

console.log(`Installing ${missing.join(', ')} for the tests (${command})…`);
const apt = (args) =>
  execFileSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
apt(['update', '-qq']);
apt(['install', '-y', '-qq', ...missing]);
