// Socket.IO on the server's port (/socket.io): the handshake is authenticated with the access token, each
// socket joins the rooms of its company, its user and its audience (supervisors or attendants). With
// REDIS_URL the Redis adapter fans every emit out to the sockets of all processes. A room is a grant: when a
// user may no longer see what a room carries (a contact given to someone else, a role taken away, an account
// deactivated), their sockets leave it on whichever process holds them; and after a Redis outage, which lost
// emits between processes, every client is told to resync.
import { may, REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@atende/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import type { AuthContext, Authenticator } from './auth.ts';
import type { Db } from './db/database.ts';
import type { EventBus } from './events.ts';
import { AppError } from './errors.ts';
import { fanOutClients } from './fan-out-redis.ts';

type SocketData = { auth: AuthContext; name: string };

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

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
  /** Every user of the company joins it: card moves carry ids and positions only. */
  pipelines: (companyId: string) => `company:${companyId}:pipelines`,
};

const handshakeToken = (socket: { handshake: { auth: Record<string, unknown> } }) =>
  typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : null;

const CONTACT_ROOM = rooms.contact('');

/** The contacts whose rooms the socket is in (the conversations it has open). */
const watchedContacts = (socket: RealtimeSocket) =>
  [...socket.rooms]
    .filter((room) => room.startsWith(CONTACT_ROOM))
    .map((room) => room.slice(CONTACT_ROOM.length));

/** The audience room a user's role puts their sockets in, and the one it keeps them out of. */
function audience(auth: AuthContext): { joins: string; leaves: string } {
  const supervisors = rooms.supervisors(auth.companyId);
  const attendants = rooms.attendants(auth.companyId);
  return may(auth, 'contacts.see_all')
    ? { joins: supervisors, leaves: attendants }
    : { joins: attendants, leaves: supervisors };
}

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
    const clients = fanOutClients(deps.redisUrl, {
      onPublishFailed: (error, alsoFailed) =>
        app.log.warn({ err: error, alsoFailed }, 'an event could not reach the other processes (Redis)'),
      log: app.log,
      // Emits between processes were lost while Redis was away: every client fetches what it shows again
      // (this process's own clients hear it even if the others cannot yet; each process says it on return).
      // The console's namespace is told here, the others (the widget's) by their modules, through the bus.
      onRecovered: () => {
        io.emit('resync');
        deps.bus.publish([{ type: 'realtime.recovered' }]);
      },
    });
    io.adapter(createAdapter(clients.publisher, clients.subscriber));
    app.addHook('onClose', () => clients.quit());
  }

  io.use((socket, next) => {
    deps
      .authenticate(handshakeToken(socket))
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
      rooms.pipelines(companyId),
      audience(socket.data.auth).joins,
    ]);
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack(Date.now());
    });
    socket.on('contact.watch', (contactId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (typeof contactId !== 'string' || !UUID.test(contactId)) return reply(false);
      const mayWatch = () => deps.mayWatchContact(socket.data.auth, contactId);
      mayWatch()
        .then(async (allowed) => {
          if (!allowed) return reply(false);
          await socket.join(rooms.contact(contactId));
          // Checked again once in the room: access taken away between the first check and the join found
          // no socket to take out (leaving now), and taken away after this check finds it in the room.
          if (!(await mayWatch())) {
            await socket.leave(rooms.contact(contactId));
            return reply(false);
          }
          reply(true);
          await announceViewers(contactId);
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
      watched = watchedContacts(socket);
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

  /**
   * The contact's watchers, on every process, checked against who may see it now: those who may not leave
   * its room (the process that changed the contact asks the others through the adapter).
   */
  async function recheckWatchers(contactId: string): Promise<void> {
    const room = rooms.contact(contactId);
    const watchers = await io.in(room).fetchSockets();
    const allowed = await Promise.all(
      watchers.map((watcher) => deps.mayWatchContact(watcher.data.auth, contactId)),
    );
    const refused = watchers.filter((_, index) => !allowed[index]);
    if (refused.length === 0) return;
    for (const watcher of refused) watcher.leave(room);
    await announceViewers(contactId);
  }

  /**
   * This process's sockets of a user whose account changed: each session is checked again as at the handshake
   * (a deactivated user's or an ended session's socket is closed), the new role picks the audience room, and
   * every watched contact is checked again. Every process hears the change and checks only its own sockets.
   */
  async function recheckUser(userId: string): Promise<void> {
    const ids = io.sockets.adapter.rooms.get(rooms.user(userId)) ?? new Set<string>();
    const sockets = [...ids].flatMap((id) => io.sockets.sockets.get(id) ?? []);
    await Promise.all(sockets.map(recheckSocket));
  }

  async function recheckSocket(socket: RealtimeSocket): Promise<void> {
    let auth: AuthContext;
    try {
      auth = await deps.authenticate(handshakeToken(socket));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      socket.disconnect(true);
      return;
    }
    if (socket.disconnected) return;
    socket.data.auth = auth;
    const { joins, leaves } = audience(auth);
    await socket.leave(leaves);
    await socket.join(joins);
    await Promise.all(
      watchedContacts(socket).map(async (contactId) => {
        if (await deps.mayWatchContact(auth, contactId)) return;
        await socket.leave(rooms.contact(contactId));
        await announceViewers(contactId);
      }),
    );
  }

  deps.bus.subscribe(async (event) => {
    // A revoked session's sockets close at once (on every process), as its HTTP requests already fail.
    if (event.type === 'sessions.revoked' && event.sessionIds.length > 0) {
      io.in(event.sessionIds.map(rooms.session)).disconnectSockets(true);
    } else if (event.type === 'contact.changed' && event.previousResponsibleId !== undefined) {
      await recheckWatchers(event.contactId);
    } else if (event.type === 'user.access_changed') {
      await recheckUser(event.userId);
    }
  });

  // Fastify closes the HTTP server itself; io.close() would close it a second time.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}
