// Visitors of a company's chat widget: a session resumes the conversation the browser's visitor token (or a
// verified identity) leads to, else starts a new contact from the pre-chat form.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ChatSettings,
  type ChannelKind,
  type WidgetConfig,
  type WidgetSession,
  type WidgetSessionRequest,
} from '@atende/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { channelAccounts, companies, contactChannels, contacts } from '../../db/schema/index.ts';
import { openAccount } from '../../channels/accounts.ts';
import type { ChannelAccountRecord } from '../../channels/adapter.ts';
import type { VisitorRelay } from './relay.ts';
import type { VisitorTokens } from './visitor-token.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { companyOpenNow } from '../company-settings/settings.ts';
import { normaliseAddress } from '../contacts/addresses.ts';

export type WidgetDeps = {
  db: Db;
  bus: EventBus;
  credentials: CredentialsBox;
  limiter: RateLimiter;
  visitorTokens: VisitorTokens;
  relay: VisitorRelay;
};

/** Sessions a client address may start per window (every page load of a returning visitor starts one). */
export const SESSIONS_PER_IP = 60;
export const SESSION_WINDOW_MS = 15 * 60_000;
/** A visitor JWT lives this long; the widget renews it with its visitor token. */
const SESSION_TTL_MS = 12 * 60 * 60_000;

type Widget = { account: ChannelAccountRecord; settings: ChatSettings };

/** The enabled chat account behind a public widget key; the same 404 for unknown and disabled ones. */
export async function findWidget(deps: Pick<WidgetDeps, 'db' | 'credentials'>, key: string): Promise<Widget> {
  // A suspended company's widget is not offered: the same 404 as an unknown key.
  const [found] = await deps.db
    .select({ account: channelAccounts })
    .from(channelAccounts)
    .innerJoin(companies, eq(companies.id, channelAccounts.companyId))
    .where(
      and(
        eq(channelAccounts.publicKey, key),
        eq(channelAccounts.kind, 'chat'),
        eq(channelAccounts.enabled, true),
        isNull(companies.suspendedAt),
      ),
    )
    .limit(1);
  const row = found?.account;
  const settings = row ? ChatSettings.safeParse(row.settings) : null;
  if (!row || !settings?.success) throw new AppError('widget_not_found', 404);
  return { account: openAccount(deps.credentials, row), settings: settings.data };
}

export async function widgetConfig(deps: WidgetDeps, key: string): Promise<WidgetConfig> {
  const { account, settings } = await findWidget(deps, key);
  return {
    title: settings.title,
    color: settings.color,
    greeting: settings.greeting,
    pre_chat: settings.pre_chat,
    identity_verification: settings.identity_verification,
    online: await deps.relay.companyOnline(account.companyId),
    open: await companyOpenNow(deps.db, account.companyId),
  };
}

/** hex HMAC-SHA256(secret, identifier), compared in constant time. */
export function identityMatches(secret: string, identifier: string, hash: string): boolean {
  const expected = createHmac('sha256', secret).update(identifier).digest();
  const given = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The chat address of a visitor: their verified identity, else a digest of their browser's secret token. */
function visitorAddress(widget: Widget, input: WidgetSessionRequest, visitorToken: string): string {
  if (!widget.settings.identity_verification) {
    return `anon:${createHash('sha256').update(visitorToken).digest('hex').slice(0, 32)}`;
  }
  const secret = widget.account.credentials.identity_secret;
  if (!input.identifier || !input.identifier_hash) throw new AppError('widget_identity_required', 401);
  if (typeof secret !== 'string' || !identityMatches(secret, input.identifier, input.identifier_hash)) {
    throw new AppError('widget_identity_invalid', 401);
  }
  return `id:${input.identifier}`;
}

async function throttle(limiter: RateLimiter, ip: string): Promise<void> {
  const key = `widget-session:${ip}`;
  const { count, resetInMs } = await limiter.peek(key);
  if (count >= SESSIONS_PER_IP) {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    throw new AppError(
      'too_many_sessions',
      429,
      { minutes: Math.ceil(seconds / 60) },
      { 'retry-after': String(seconds) },
    );
  }
  await limiter.increment(key, SESSION_WINDOW_MS);
}

export async function startSession(
  deps: WidgetDeps,
  key: string,
  input: WidgetSessionRequest,
  ip: string,
): Promise<WidgetSession> {
  await throttle(deps.limiter, ip);
  const widget = await findWidget(deps, key);
  const visitorToken = input.visitor_token ?? randomBytes(24).toString('base64url');
  const address = visitorAddress(widget, input, visitorToken);
  const visitor =
    (await findVisitor(deps.db, widget, address)) ??
    (await createVisitor(deps, widget, address, input).catch(async (error: unknown) => {
      // The same visitor's first session racing another (two tabs): the other one created the channel.
      const winner = isUniqueViolation(error) ? await findVisitor(deps.db, widget, address) : undefined;
      if (winner) return winner;
      throw error;
    }));
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  return {
    token: deps.visitorTokens.sign(
      { channelId: visitor.id, accountId: widget.account.id, companyId: widget.account.companyId },
      expiresAt,
    ),
    expires_at: expiresAt.toISOString(),
    visitor_token: visitorToken,
    visitor,
  };
}

async function findVisitor(db: Db, widget: Widget, address: string) {
  const [row] = await db
    .select({ id: contactChannels.id, name: contacts.name })
    .from(contactChannels)
    .innerJoin(contacts, eq(contacts.id, contactChannels.contactId))
    .where(
      and(
        eq(contactChannels.companyId, widget.account.companyId),
        eq(contactChannels.kind, 'chat'),
        eq(contactChannels.address, address),
      ),
    )
    .limit(1);
  return row;
}

function checkPreChat(settings: ChatSettings, input: WidgetSessionRequest): void {
  if (!settings.pre_chat.enabled) return;
  if (!input.name) throw new AppError('prechat_name_required', 400);
  if (!input.email) throw new AppError('prechat_email_required', 400);
  if (settings.pre_chat.require_phone && !input.phone) throw new AppError('prechat_phone_required', 400);
}

/**
 * A new contact with the visitor's chat channel. The e-mail and phone the visitor typed become channels of
 * the contact only when no contact of the company has them yet: an unverified form must never attach a
 * stranger to an existing customer's conversations.
 */
async function createVisitor(
  deps: WidgetDeps,
  widget: Widget,
  address: string,
  input: WidgetSessionRequest,
): Promise<{ id: string; name: string }> {
  checkPreChat(widget.settings, input);
  const companyId = widget.account.companyId;
  const name = input.name ?? input.email ?? input.identifier ?? address;
  return inTransaction(deps.db, deps.bus, async (tx, record) => {
    const [contact] = await tx
      .insert(contacts)
      .values({ companyId, name, firstResponsePending: true })
      .returning({ id: contacts.id });
    const contactId = contact!.id;
    const [channel] = await tx
      .insert(contactChannels)
      .values({
        companyId,
        contactId,
        kind: 'chat',
        address,
        main: true,
        outputLineId: widget.account.id,
      })
      .returning({ id: contactChannels.id });
    const extras: [ChannelKind, string | undefined][] = [
      ['email', input.email],
      ['voice', input.phone],
    ];
    for (const [kind, raw] of extras) {
      if (!raw) continue;
      const normalised = safeAddress(kind, raw);
      if (!normalised) continue;
      await tx
        .insert(contactChannels)
        .values({
          companyId,
          contactId,
          kind,
          address: normalised.address,
          addressDigitsReversed: normalised.digitsReversed,
          main: false,
        })
        .onConflictDoNothing();
    }
    record({ type: 'contact.changed', companyId, contactId, created: true });
    return { id: channel!.id, name };
  });
}

function safeAddress(kind: ChannelKind, raw: string) {
  try {
    return normaliseAddress(kind, raw);
  } catch {
    return null;
  }
}
