// A TCP proxy on loopback in front of a shared server (Redis): cutting it is an outage for whoever connects
// through it — open connections drop and new ones are refused — without stopping the server other tests use.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = {
  /** host:port to connect to instead of the target. */
  readonly address: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const pipe = (client: Socket) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  };
  let server: Server = createServer(pipe);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = async () => {
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    address: `127.0.0.1:${port}`,
    cut: stop,
    async restore() {
      server = createServer(pipe);
      await listen(port);
    },
    close: async () => {
      if (server.listening) await stop();
    },
  };
}

/** `redis://host:port/db` with the proxy's address in place of the server's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.host = proxy.address;
  return parsed.toString();
}

export const redisTarget = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 6379) };
};
