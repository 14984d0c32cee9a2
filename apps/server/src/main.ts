// Process entry: config → database (migrated, demo-seeded when empty) → buildApp → listen; SIGTERM/SIGINT
// stop accepting connections, drain in-flight requests and close the database. With WORKERS > 1 this process
// supervises that many such processes (platform/cluster.ts).
import cluster from 'node:cluster';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, describeConfig, loadConfig } from './config.ts';
import { controlCommands } from './modules/demo/index.ts';
import { CONTROL_SOCKET, startControlSocket } from './platform/control-socket.ts';
import { superviseWorkers, workerIndex } from './platform/cluster.ts';
import { prepareDatabase } from './database.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    superviseWorkers(config.workers, config.logLevel);
    return;
  }
  const { database, seeded } = await prepareDatabase(config);
  const app = await buildApp(config, database);
  app.log.info({ config: describeConfig(config), seeded }, 'configuration');
  if (seeded)
    app.log.info(
      'demo company created: company "demo", users admin/supervisor/attendant/attendant2/root, password demo1234',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // The simulator's channel is a convenience: a socket that cannot be bound must not stop the product. One
  // process holds it (each would take it from the one before).
  const control =
    workerIndex() !== 0
      ? null
      : await startControlSocket(join(config.dataDir, CONTROL_SOCKET), controlCommands(app.deps)).catch(
          (error: unknown) => {
            app.log.warn(
              { err: error },
              'control socket unavailable: npm run simulate will not reach this process',
            );
            return null;
          },
        );
  if (control) app.addHook('onClose', () => new Promise<void>((resolve) => control.close(() => resolve())));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    { startup_ms: Math.round(performance.now() - startedAt), port, url: config.publicUrl },
    'ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
