// The Debian packages the tests drive for real: Chromium (end-to-end tests), Dovecot (the IMAP server the e-mail
// tests deliver customers' mail to), and the real PBX the softphone is tested against (Kamailio with its
// WebSocket transport, rtpengine relaying the media, baresip as an ordinary SIP phone). Run before `npm test`
// (and by .ci/run): installs what is missing when this user may (root with apt-get). Otherwise a missing
// required package stops with the one command to run, so no suite goes red half-way through for want of it;
// the PBX packages are only announced (their tests skip, saying so, except in CI where they must run).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = [
  { binary: '/usr/bin/chromium', name: 'chromium', required: true },
  { binary: '/usr/sbin/dovecot', name: 'dovecot-imapd', required: true },
  { binary: '/usr/sbin/kamailio', name: 'kamailio', required: false },
  {
    binary: '/usr/lib/x86_64-linux-gnu/kamailio/modules/websocket.so',
    name: 'kamailio-websocket-modules',
    required: false,
  },
  { binary: '/usr/bin/rtpengine', name: 'rtpengine-daemon', required: false },
  { binary: '/usr/bin/baresip', name: 'baresip', required: false },
];

const missing = PACKAGES.filter(({ binary }) => !existsSync(binary));
if (missing.length === 0) process.exit(0);

const names = (packages) => packages.map(({ name }) => name);
const command = (packages) => `apt-get install -y ${names(packages).join(' ')}`;
const mayInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (!mayInstall) {
  const required = missing.filter((entry) => entry.required);
  const optional = missing.filter((entry) => !entry.required);
  if (optional.length > 0) {
    console.warn(
      `The softphone's tests against a real PBX will be skipped without ${names(optional).join(', ')}. ` +
        `Install with: sudo ${command(optional)}`,
    );
  }
  if (required.length === 0) process.exit(0);
  console.error(
    `The tests need Debian's ${names(required).join(' and ')}. Install with: sudo ${command(required)}`,
  );
  process.exit(1);
}

console.log(`Installing ${names(missing).join(', ')} for the tests (${command(missing)})…`);
const apt = (args) =>
  execFileSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
apt(['update', '-qq']);
apt(['install', '-y', '-qq', ...names(missing)]);
