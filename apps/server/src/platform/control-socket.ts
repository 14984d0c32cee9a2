// A local control channel for operator tools (`npm run simulate`): newline-delimited JSON over a Unix socket in
// DATA_DIR, readable only by the server's own user. It is not an HTTP route, so no deployment can expose it.
import { chmod, mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { connect, createServer, type Server } from 'node:net';
import { createInterface } from 'node:readline';

/** The socket's file name inside DATA_DIR. */
export const CONTROL_SOCKET = 'control.sock';

export type ControlHandler = (command: string, payload: unknown) => Promise<unknown>;
export type ControlRequest = { id: number; command: string; payload: unknown };
export type ControlResponse =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

const isListening = (path: string) =>
  new Promise<boolean>((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });

/** Listens on `path` unless another live process already does; returns the server, or null. */
export async function startControlSocket(path: string, handle: ControlHandler): Promise<Server | null> {
  if (await isListening(path)) return null;
  await mkdir(dirname(path), { recursive: true });
  await rm(path, { force: true });
  const server = createServer((socket) => {
    createInterface({ input: socket }).on('line', (line) => {
      void respond(line, handle).then((response) => socket.write(`${JSON.stringify(response)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  await chmod(path, 0o600);
  return server;
}

async function respond(line: string, handle: ControlHandler): Promise<ControlResponse> {
  let request: ControlRequest;
  try {
    request = JSON.parse(line) as ControlRequest;
  } catch {
    return { id: -1, ok: false, error: 'invalid JSON' };
  }
  try {
    return { id: request.id, ok: true, result: await handle(request.command, request.payload) };
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The client side: sends commands to a running server and awaits each answer. */
export async function openControlClient(path: string) {
  const socket = connect(path);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const pending = new Map<number, (response: ControlResponse) => void>();
  createInterface({ input: socket }).on('line', (line) => {
    const response = JSON.parse(line) as ControlResponse;
    pending.get(response.id)?.(response);
    pending.delete(response.id);
  });
  let sequence = 0;
  return {
    async send(command: string, payload: unknown): Promise<unknown> {
      const id = ++sequence;
      const response = await new Promise<ControlResponse>((resolve) => {
        pending.set(id, resolve);
        socket.write(`${JSON.stringify({ id, command, payload })}\n`);
      });
      if (!response.ok) throw new Error(response.error);
      return response.result;
    },
    close: () => socket.end(),
  };
}
