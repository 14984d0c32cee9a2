// Environment schema, validated at boot. Defaults make the embedded mode work with no configuration.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanish = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  CREDENTIALS_KEY: z.string().min(32, 'CREDENTIALS_KEY must have at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** How long a signed file or avatar URL works (the console fetches fresh ones before then). */
  FILE_URL_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(4),
  PUBLIC_URL: z.url().optional(),
  ACCOUNTS_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** Server processes sharing the port (Node's cluster): one per core. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  /** How long an AI provider may take to start answering (and between two pieces of a streamed answer). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** The campaign dialer's tick (0: no periodic tick; tests tick it themselves). */
  CAMPAIGN_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  PROVIDER_PRIVATE_ADDRESSES: z.enum(['allow', 'deny']).optional(),
  TRUST_PROXY: booleanish.default(false),
  /** Failed logins one address may make in 15 minutes across all accounts: a NATed contact centre is one address. */
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(10).max(1_000_000).default(500),
  WEB_DIR: z.string().default(join(repoRoot, 'apps/web/dist')),
  /** Tests: every response is also checked against its zod schema (see platform/serializer.ts). */
  CHECK_RESPONSES: booleanish.default(false),
  /** Chat widget flood limits (token buckets): per visitor, a human's pace; per widget key, a busy site's. */
  WIDGET_VISITOR_BURST: z.coerce.number().int().min(1).default(10),
  WIDGET_VISITOR_PER_SECOND: z.coerce.number().positive().default(1),
  WIDGET_KEY_BURST: z.coerce.number().int().min(1).default(200),
  WIDGET_KEY_PER_SECOND: z.coerce.number().positive().default(50),
  /** Where those buckets live in Redis: installations (or test runs) sharing one Redis use different ones. */
  WIDGET_BUCKET_PREFIX: z.string().min(1).default('atende:tb:'),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  /** Encrypts channel credentials at rest (SMTP/IMAP passwords, provider tokens). */
  credentialsKey: string;
  sessionTtlMs: number;
  fileUrlTtlMs: number;
  publicUrl: string;
  accountsUrl: string | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  role: z.infer<typeof EnvSchema>['ROLE'];
  workers: number;
  seedDemo: boolean;
  /** Whether channel accounts may point the server at this machine or private networks (simulators). */
  providerPrivateAddresses: boolean;
  trustProxy: boolean;
  /** How long an AI provider may stay silent before its call fails as timed out. */
  aiTimeoutMs: number;
  campaignTickMs: number;
  loginFailuresPerIp: number;
  webDir: string;
  checkResponses: boolean;
  /** Messages (and files) a widget visitor may send, and all the visitors of one widget key together. */
  widgetFlood: {
    visitor: { burst: number; perSecond: number };
    widget: { burst: number; perSecond: number };
    redisPrefix: string;
  };
};

export class ConfigError extends Error {}

/**
 * Reads and validates the environment; generated secrets (JWT, credentials key) are kept in DATA_DIR so restarts
 * keep sessions and can still read stored credentials.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`DATABASE_URL=`) means unset, as shells and compose files write it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && (!e.DATABASE_URL || !e.REDIS_URL)) {
    // PGlite lives in one process; without Redis a change made by one process would not reach the others' sockets.
    throw new ConfigError('Invalid configuration:\n  WORKERS: more than 1 needs DATABASE_URL and REDIS_URL');
  }
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    credentialsKey: e.CREDENTIALS_KEY ?? readOrCreateSecret(dataDir, 'credentials-key'),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    fileUrlTtlMs: e.FILE_URL_TTL_HOURS * 3_600_000,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    accountsUrl: e.ACCOUNTS_URL ?? null,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    workers: e.WORKERS,
    seedDemo: e.SEED_DEMO === 'auto',
    // A demo install talks to its simulators on loopback; a production one (SEED_DEMO=never) only to providers.
    providerPrivateAddresses:
      (e.PROVIDER_PRIVATE_ADDRESSES ?? (e.SEED_DEMO === 'auto' ? 'allow' : 'deny')) === 'allow',
    trustProxy: e.TRUST_PROXY,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    campaignTickMs: e.CAMPAIGN_TICK_MS,
    loginFailuresPerIp: e.LOGIN_FAILURES_PER_IP,
    webDir: resolve(e.WEB_DIR),
    checkResponses: e.CHECK_RESPONSES,
    widgetFlood: {
      visitor: { burst: e.WIDGET_VISITOR_BURST, perSecond: e.WIDGET_VISITOR_PER_SECOND },
      widget: { burst: e.WIDGET_KEY_BURST, perSecond: e.WIDGET_KEY_PER_SECOND },
      redisPrefix: e.WIDGET_BUCKET_PREFIX,
    },
  };
}

function readOrCreateSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The configuration as it may be logged: credentials in URLs and secrets masked. */
export function describeConfig(config: AppConfig): Record<string, unknown> {
  const maskUrl = (url: string | undefined) => url?.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@');
  return {
    ...config,
    jwtSecret: '***',
    credentialsKey: '***',
    databaseUrl: maskUrl(config.databaseUrl) ?? 'embedded (PGlite)',
    redisUrl: maskUrl(config.redisUrl) ?? 'none (in-process)',
  };
}
