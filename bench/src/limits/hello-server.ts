// The limit beside us for HTTP: a bare Fastify with one "hello" route, no logger, on the same machine and
// Node as the product. Every HTTP figure of the report is also given as a ratio to this one.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
