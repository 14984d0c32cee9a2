// Socket.IO on the server's port (/socket.io): the handshake is authenticated with the access token, each
// socket joins the rooms of its company, its user and its audience (supervisors or attendants). With
// REDIS_URL the Redis adapter fans every emit out to the sockets of all processes.
import { may, REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@atende/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import type { AuthContext, Authenticator } from './auth.ts';
import type { Db } from './db/database.ts';
import type { EventBus } from './events.ts';
import { AppError } from './errors.ts';
import { fanOutClients } from './fan-out-redis.ts';

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { auth: AuthContext; name: string }
>;

/** A typing notice is relayed at most this often per user and conversation. */
const TYPING_INTERVAL_MS = 2_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const rooms = {
  company: (companyId: string) => `company:${companyId}`,
  supervisors: (companyId: string) => `company:${companyId}:supervisors`,
  attendants: (companyId: string) => `company:${companyId}:attendants`,
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  contact: (contactId: string) => `contact:${contactId}`,
};

/** Decides whether the socket's user may watch a contact (join its room). */
export type ContactWatchPolicy = (auth: AuthContext, contactId: string) => Promise<boolean>;

export function createRealtime(
  app: FastifyInstance,
  deps: {
    db: Db;
    authenticate: Authenticator;
    bus: EventBus;
    redisUrl: string | undefined;
    mayWatchContact: ContactWatchPolicy;
    /** An attendant typing in a conversation (the chat widget shows it to the visitor). */
    onContactTyping?: (auth: AuthContext, contactId: string, name: string) => void;
  },
): RealtimeServer {
  const io: RealtimeServer = new Server(app.server, { path: REALTIME_PATH, serveClient: false });
  if (deps.redisUrl) {
    const clients = fanOutClients(deps.redisUrl, (error, alsoFailed) =>
      app.log.warn({ err: error, alsoFailed }, 'an event could not reach the other processes (Redis)'),
    );
    io.adapter(createAdapter(clients.publisher, clients.subscriber));
    app.addHook('onClose', () => clients.quit());
  }

  io.use((socket, next) => {
    const token = typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : null;
    deps
      .authenticate(token)
      .then(async (auth) => {
        const [user] = await deps.db
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, auth.userId));
        socket.data.auth = auth;
        socket.data.name = user?.name ?? '';
        next();
      })
      .catch((error: unknown) => {
        const code = error instanceof AppError ? error.code : 'internal_error';
        if (!(error instanceof AppError)) app.log.error({ err: error }, 'socket authentication failed');
        next(Object.assign(new Error(code), { data: { code } }));
      });
  });

  io.on('connection', (socket) => {
    const { companyId, userId } = socket.data.auth;
    void socket.join([
      rooms.company(companyId),
      rooms.user(userId),
      rooms.session(socket.data.auth.sessionId),
      may(socket.data.auth, 'contacts.see_all') ? rooms.supervisors(companyId) : rooms.attendants(companyId),
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
          if (allowed) await announceViewers(contactId);
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'contact watch failed');
          reply(false);
        });
    });
    socket.on('contact.unwatch', (contactId) => {
      if (typeof contactId !== 'string' || !socket.rooms.has(rooms.contact(contactId))) return;
      void Promise.resolve(socket.leave(rooms.contact(contactId))).then(() => announceViewers(contactId));
    });
    const lastTyping = new Map<string, number>();
    socket.on('contact.typing', (contactId) => {
      if (typeof contactId !== 'string' || !socket.rooms.has(rooms.contact(contactId))) return;
      const now = Date.now();
      if (now - (lastTyping.get(contactId) ?? 0) < TYPING_INTERVAL_MS) return;
      lastTyping.set(contactId, now);
      socket
        .to(rooms.contact(contactId))
        .emit('contact.typing', { contact_id: contactId, user: { id: userId, name: socket.data.name } });
      deps.onContactTyping?.(socket.data.auth, contactId, socket.data.name);
    });
    let watched: string[] = [];
    socket.on('disconnecting', () => {
      watched = [...socket.rooms].filter((room) => room.startsWith('contact:')).map((room) => room.slice(8));
    });
    socket.on('disconnect', () => {
      for (const contactId of watched) void announceViewers(contactId);
    });
  });

  /** Tells a conversation's room who has it open, counting each user once (on every process). */
  async function announceViewers(contactId: string): Promise<void> {
    try {
      const sockets = await io.in(rooms.contact(contactId)).fetchSockets();
      const viewers = new Map<string, string>();
      for (const viewer of sockets) viewers.set(viewer.data.auth.userId, viewer.data.name);
      io.to(rooms.contact(contactId)).emit('contact.viewers', {
        contact_id: contactId,
        viewers: [...viewers].map(([id, name]) => ({ id, name })),
      });
    } catch (error) {
      app.log.warn({ err: error }, 'could not list the viewers of a conversation');
    }
  }

  // A revoked session's sockets close at once (on every process), as its HTTP requests already fail.
  deps.bus.subscribe((event) => {
    if (event.type !== 'sessions.revoked' || event.sessionIds.length === 0) return;
    io.in(event.sessionIds.map(rooms.session)).disconnectSockets(true);
  });

  // Fastify closes the HTTP server itself; io.close() would close it a second time.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}
