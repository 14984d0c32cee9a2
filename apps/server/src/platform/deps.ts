// The platform services a module's routes may use, built once per app in buildApp.
import type { AppConfig } from '../config.ts';
import type { Authenticator } from './auth.ts';
import type { Database } from './db/database.ts';
import type { AdapterRegistry } from '../channels/adapter.ts';
import type { SearchWindows } from '../modules/messages/search-windows.ts';
import type { VisitorRelay } from '../channels/chat/relay.ts';
import type { VisitorTokens } from '../channels/chat/visitor-token.ts';
import type { CredentialsBox } from './credentials.ts';
import type { EventBus } from './events.ts';
import type { Jobs } from './jobs.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SessionCache } from './session-cache.ts';
import type { UrlSigner } from './signed-urls.ts';
import type { FileStorage } from './storage.ts';
import type { TokenService } from './tokens.ts';

export type Deps = {
  config: AppConfig;
  database: Database;
  bus: EventBus;
  jobs: Jobs;
  adapters: AdapterRegistry;
  credentials: CredentialsBox;
  tokens: TokenService;
  /** Checks a request's token against its session (remembered by `sessions` between checks). */
  authenticate: Authenticator;
  sessions: SessionCache;
  limiter: RateLimiter;
  storage: FileStorage;
  urls: UrlSigner;
  /** The chat widget's visitors: their signed tokens and the way to their browsers. */
  visitorTokens: VisitorTokens;
  visitors: VisitorRelay;
  /** The windows of company-wide message search and their shared starts. */
  searchWindows: SearchWindows;
};
