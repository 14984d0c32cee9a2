// The limit beside us for realtime: a bare Socket.IO server whose clients join a room named in their handshake,
// fed through the same local control socket the product's inbound scenarios use (command `emit`: one event to
// one room; `echo`: the transport's round trip alone). No database, no authentication, no domain work.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { startControlSocket } from '../../../apps/server/src/platform/control-socket.ts';

const http = createServer((_request, response) => response.writeHead(200).end('ok'));
const io = new Server(http, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  const room = socket.handshake.auth.room;
  if (typeof room === 'string') void socket.join(room);
});

type Emit = { room: string; event: string; payload: unknown };
const control = await startControlSocket(process.env.CONTROL_SOCKET_PATH!, async (command, payload) => {
  if (command === 'echo') return payload;
  if (command !== 'emit') throw new Error(`unknown command ${command}`);
  const { room, event, payload: body } = payload as Emit;
  io.to(room).emit(event, body);
  return true;
});
await new Promise<void>((resolve) => http.listen(Number(process.env.PORT), '127.0.0.1', resolve));
process.once('SIGTERM', () => {
  control?.close();
  void io.close(() => process.exit(0));
});
