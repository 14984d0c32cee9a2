// The widget's Socket.IO namespace (`/widget`), beside the console's on the same server and path. A visitor
// connects with their visitor JWT and joins their own room; every request is scoped to the channel the
// token names, so a visitor can reach nothing but their own conversation.
import {
  LANGUAGES,
  MESSAGE_STATUS_REACHABLE_FROM,
  WIDGET_NAMESPACE,
  WidgetReceipt,
  WidgetSend,
  WidgetSync,
  type Language,
  type WidgetFailure,
  type WidgetPresence,
} from '@atende/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import type { Ingest } from '../../channels/adapter.ts';
import { contactChannels, contacts, messages } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { languageFromHeader, translate } from '../../platform/i18n/i18n.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { validationCode } from '../../platform/validation.ts';
import { companyOpenNow } from '../company-settings/settings.ts';
import { advanceStatus } from '../messages/status.ts';
import { admitVisitorTyping, type WidgetFloodDeps } from './flood.ts';
import { receiveVisitorMessage } from './inbound.ts';
import { visitorMessagesAfter } from './messages.ts';
import { visitorRoom, type VisitorRelay, type VisitorSocketData, type WidgetNamespace } from './relay.ts';
import type { VisitorTokens } from './visitor-token.ts';

export type WidgetSocketDeps = WidgetFloodDeps & {
  db: Db;
  bus: EventBus;
  ingest: Ingest;
  urls: UrlSigner;
  visitorTokens: VisitorTokens;
  relay: VisitorRelay;
  log: FastifyBaseLogger;
};

/** The visitor behind a token: their chat channel must still exist on an enabled widget of that company. */
export async function resolveVisitor(
  db: Db,
  tokens: VisitorTokens,
  token: string | null,
): Promise<VisitorSocketData> {
  const claims = token ? tokens.verify(token) : null;
  if (!claims) throw new AppError('visitor_session_invalid', 401);
  const [row] = await db
    .select({ contactId: contactChannels.contactId, address: contactChannels.address, name: contacts.name })
    .from(contactChannels)
    .innerJoin(contacts, eq(contacts.id, contactChannels.contactId))
    .where(
      and(
        eq(contactChannels.id, claims.channelId),
        eq(contactChannels.companyId, claims.companyId),
        eq(contactChannels.kind, 'chat'),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('visitor_session_invalid', 401);
  return { ...claims, ...row };
}

export function registerWidgetSocket(io: RealtimeServer, deps: WidgetSocketDeps): WidgetNamespace {
  // The console's namespace is typed for attendants; this one carries the widget's own events.
  const namespace = io.of(WIDGET_NAMESPACE) as unknown as WidgetNamespace;
  const companyOnline = async (companyId: string) =>
    (await io.in(rooms.company(companyId)).fetchSockets()).length > 0;
  deps.relay.attach(namespace, companyOnline);
  /** What the widget's notice shows: the business hours can close while a visitor's page stays open. */
  const presence = async (companyId: string): Promise<WidgetPresence> => ({
    online: await companyOnline(companyId),
    open: await companyOpenNow(deps.db, companyId),
  });
  // Attendants' messages relayed while the fan-out was away never reached visitors on other processes.
  deps.bus.subscribe((event) => {
    if (event.type === 'realtime.recovered') namespace.emit('resync');
  });

  namespace.use((socket, next) => {
    const token = typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : null;
    resolveVisitor(deps.db, deps.visitorTokens, token)
      .then((visitor) => {
        socket.data = visitor;
        next();
      })
      .catch((error: unknown) => {
        const code = error instanceof AppError ? error.code : 'internal_error';
        if (!(error instanceof AppError)) deps.log.error({ err: error }, 'visitor authentication failed');
        next(Object.assign(new Error(code), { data: { code } }));
      });
  });

  namespace.on('connection', (socket) => {
    const visitor = socket.data;
    const scope = { db: deps.db, urls: deps.urls };
    const language = socketLanguage(
      socket.handshake.auth.language,
      socket.handshake.headers['accept-language'],
    );
    void socket.join(visitorRoom(visitor.channelId));

    /** Validates a request, runs it and answers the ack with its result or a translated refusal. */
    const handle = <I, O extends object>(schema: ZodType<I>, run: (input: I) => Promise<O>) => {
      return (raw: unknown, ack: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (result: unknown) => void) : () => undefined;
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return reply(failure(language, validationCode(parsed.error.issues)));
        run(parsed.data)
          .then((result) => reply({ ok: true, ...result }))
          .catch((error: unknown) => {
            if (!(error instanceof AppError)) deps.log.error({ err: error }, 'widget request failed');
            reply(failure(language, error instanceof AppError ? error.code : 'internal_error'));
          });
      };
    };

    socket.on(
      'message.send',
      handle(WidgetSend, async ({ client_id, text }) => ({
        message: await receiveVisitorMessage(deps, visitor, { clientId: client_id, text }),
      })),
    );

    socket.on(
      'sync',
      handle(WidgetSync, async ({ after }) => ({
        messages: await visitorMessagesAfter(scope, visitor.companyId, visitor.channelId, after),
      })),
    );

    socket.on('receipt', (raw: unknown) => {
      const parsed = WidgetReceipt.safeParse(raw);
      if (!parsed.success) return;
      markReceipt(deps, visitor, parsed.data).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'widget receipt failed'),
      );
    });

    socket.on('typing', () => {
      admitVisitorTyping(deps, visitor)
        .then((admitted) => {
          if (!admitted) return;
          // The console shows a customer typing like a colleague: the visitor's channel stands for the user.
          io.to(rooms.contact(visitor.contactId)).emit('contact.typing', {
            contact_id: visitor.contactId,
            user: { id: visitor.channelId, name: visitor.name },
          });
        })
        .catch((error: unknown) => deps.log.warn({ err: error }, 'widget typing failed'));
    });

    socket.on('presence', (ack: unknown) => {
      if (typeof ack !== 'function') return;
      // Unknown is neither "someone is there" nor "we are closed".
      presence(visitor.companyId)
        .then((event) => (ack as (event: WidgetPresence) => void)(event))
        .catch(() => (ack as (event: WidgetPresence) => void)({ online: false, open: true }));
    });
    void presence(visitor.companyId)
      .then((event) => socket.emit('presence', event))
      .catch(() => undefined);
  });
  return namespace;
}

/** Delivered / read reported by the visitor's client, for attendants' messages of their own channel only. */
async function markReceipt(
  deps: WidgetSocketDeps,
  visitor: VisitorSocketData,
  receipt: WidgetReceipt,
): Promise<void> {
  const rows = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, visitor.companyId),
        eq(messages.contactChannelId, visitor.channelId),
        eq(messages.direction, 'out'),
        inArray(messages.id, receipt.ids),
        inArray(messages.status, [...MESSAGE_STATUS_REACHABLE_FROM[receipt.status]]),
      ),
    );
  for (const row of rows) {
    await advanceStatus(deps.db, deps.bus, {
      companyId: visitor.companyId,
      messageId: row.id,
      status: receipt.status,
      // A receipt may overtake the worker's own `sent`: the provider id (the message's own) is set either way.
      providerMessageId: row.id,
    });
  }
}

function socketLanguage(asked: unknown, header: string | string[] | undefined): Language {
  if (typeof asked === 'string' && (LANGUAGES as readonly string[]).includes(asked)) return asked as Language;
  return languageFromHeader(Array.isArray(header) ? header[0] : header);
}

const failure = (language: Language, code: AppError['code']): WidgetFailure => ({
  ok: false,
  code,
  message: translate(language, 'errors', code),
});

/** Tells the visitors of a contact that an attendant is typing (the console's contact.typing). */
export async function relayAttendantTyping(
  db: Db,
  relay: VisitorRelay,
  companyId: string,
  contactId: string,
  name: string,
): Promise<void> {
  const channels = await db
    .select({ id: contactChannels.id })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.companyId, companyId),
        eq(contactChannels.contactId, contactId),
        eq(contactChannels.kind, 'chat'),
      ),
    );
  for (const channel of channels) relay.toVisitor(channel.id).emit('typing', { name });
}
