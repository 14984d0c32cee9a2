// Socket.IO on the server's port (/socket.io): the handshake is authenticated with the access token, each
// socket joins the rooms of its company, its user and its audience (supervisors or attendants). With
// REDIS_URL the Redis adapter fans every emit out to the sockets of all processes.
import { REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@atende/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { isSupervising } from '../modules/users/policy.ts';
import { authenticateToken, type AuthContext } from './auth.ts';
import type { Db } from './db/database.ts';
import { AppError } from './errors.ts';
import type { TokenService } from './tokens.ts';

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { auth: AuthContext }
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const rooms = {
  company: (companyId: string) => `company:${companyId}`,
  supervisors: (companyId: string) => `company:${companyId}:supervisors`,
  attendants: (companyId: string) => `company:${companyId}:attendants`,
  user: (userId: string) => `user:${userId}`,
  contact: (contactId: string) => `contact:${contactId}`,
};

/** Decides whether the socket's user may watch a contact (join its room). */
export type ContactWatchPolicy = (auth: AuthContext, contactId: string) => Promise<boolean>;

export function createRealtime(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; redisUrl: string | undefined; mayWatchContact: ContactWatchPolicy },
): RealtimeServer {
  const io: RealtimeServer = new Server(app.server, { path: REALTIME_PATH, serveClient: false });
  if (deps.redisUrl) {
    const publisher = new Redis(deps.redisUrl);
    const subscriber = publisher.duplicate();
    io.adapter(createAdapter(publisher, subscriber));
    app.addHook('onClose', async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    });
  }

  io.use((socket, next) => {
    const token = typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : null;
    authenticateToken(deps.db, deps.tokens, token)
      .then((auth) => {
        socket.data.auth = auth;
        next();
      })
      .catch((error: unknown) => {
        const code = error instanceof AppError ? error.code : 'internal_error';
        if (!(error instanceof AppError)) app.log.error({ err: error }, 'socket authentication failed');
        next(Object.assign(new Error(code), { data: { code } }));
      });
  });

  io.on('connection', (socket) => {
    const { companyId, userId, role } = socket.data.auth;
    void socket.join([
      rooms.company(companyId),
      rooms.user(userId),
      isSupervising(role) ? rooms.supervisors(companyId) : rooms.attendants(companyId),
    ]);
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack(Date.now());
    });
    socket.on('contact.watch', (contactId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (typeof contactId !== 'string' || !UUID.test(contactId)) return reply(false);
      deps
        .mayWatchContact(socket.data.auth, contactId)
        .then(async (allowed) => {
          if (allowed) await socket.join(rooms.contact(contactId));
          reply(allowed);
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'contact watch failed');
          reply(false);
        });
    });
    socket.on('contact.unwatch', (contactId) => {
      if (typeof contactId === 'string') void socket.leave(rooms.contact(contactId));
    });
  });

  // Fastify closes the HTTP server itself; io.close() would close it a second time.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}
