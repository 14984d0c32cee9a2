// The AI module: text enhancement and transcription through the company's provider (or the embedded spelling
// fix), and the Center's provider settings. The default language's dictionary is loaded once the server
// listens, so the first "fix" of the day does not wait for it.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE } from '@atende/contract';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { EventBus } from '../../platform/events.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { aiRoutes } from './routes.ts';
import { aiService } from './service.ts';
import { speller } from './spelling.ts';

export function registerAi(
  app: FastifyInstance,
  deps: {
    config: { aiTimeoutMs: number };
    credentials: CredentialsBox;
    bus: EventBus;
    storage: FileStorage;
    urls: UrlSigner;
  },
): void {
  aiRoutes(
    app,
    aiService({
      credentials: deps.credentials,
      timeoutMs: deps.config.aiTimeoutMs,
      bus: deps.bus,
      storage: deps.storage,
      urls: deps.urls,
    }),
  );
  app.addHook('onListen', () => {
    setTimeout(() => void speller(DEFAULT_LANGUAGE).catch(() => undefined), 1000).unref();
  });
}
