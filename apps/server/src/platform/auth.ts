// Authentication of API requests: every /api route requires a live session unless it is declared public
// (`config: { public: true }`). The resolved tenant context is attached to the request as `request.auth`; a
// route that needs an ability of the contract's table (`config: { ability: 'channels.manage' }`) refuses
// everyone else with 403 before its handler runs.
import { may, type Ability, type Permissions, type Role } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessions, users } from '../db/schema/index.ts';
import type { Db } from './db/database.ts';
import { param, prepared } from './db/prepared.ts';
import { AppError, forbidden } from './errors.ts';
import type { SessionCache } from './session-cache.ts';
import type { TokenService } from './tokens.ts';

export type AuthContext = {
  companyId: string;
  userId: string;
  sessionId: string;
  role: Role;
  permissions: Permissions;
};

/** What services receive: the database (or an open transaction) and who is acting for which tenant. */
export type TenantContext = AuthContext & { db: Db };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** The database requests' tenant contexts carry (tenantContext). */
    tenantDb: Db;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, health, resources). */
    public?: boolean;
    /** The ability (contract abilities.ts) a session needs for this route. */
    ability?: Ability;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The users' columns that hold each permission flag, the one place flags meet columns. */
export const permissionColumns = {
  canCreateContacts: users.canCreateContacts,
  canSendFiles: users.canSendFiles,
  canChangeResponsible: users.canChangeResponsible,
  canBroadcast: users.canBroadcast,
  canAdminPipelines: users.canAdminPipelines,
  canUseVoice: users.canUseVoice,
  canSeeOthersAnalytics: users.canSeeOthersAnalytics,
};
type PermissionRow = { [column in keyof typeof permissionColumns]: boolean };

/** A row's permission flags as the contract names them. */
export const permissionsOfRow = (row: PermissionRow): Permissions => ({
  create_contacts: row.canCreateContacts,
  send_files: row.canSendFiles,
  change_responsible: row.canChangeResponsible,
  broadcast: row.canBroadcast,
  pipelines_admin: row.canAdminPipelines,
  voice: row.canUseVoice,
  analytics_others: row.canSeeOthersAnalytics,
});

/** The contract's permission flags as the users' columns (for inserts and updates). */
export const permissionValues = (permissions: Permissions): PermissionRow => ({
  canCreateContacts: permissions.create_contacts,
  canSendFiles: permissions.send_files,
  canChangeResponsible: permissions.change_responsible,
  canBroadcast: permissions.broadcast,
  canAdminPipelines: permissions.pipelines_admin,
  canUseVoice: permissions.voice,
  canSeeOthersAnalytics: permissions.analytics_others,
});

/** The session and its user's current role and permissions: every authenticated request runs it. */
const sessionStatement = (db: Db) =>
  prepared(db, 'auth_session', () =>
    db
      .select({
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        active: users.active,
        role: users.role,
        ...permissionColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, param('sid')),
          eq(sessions.userId, param('sub')),
          eq(sessions.companyId, param('cid')),
        ),
      )
      .limit(1),
  );

/** The user's role and permissions as stored (users' columns), of a session (ids). */
export const authContext = (
  ids: Pick<AuthContext, 'companyId' | 'userId' | 'sessionId'>,
  user: Pick<typeof users.$inferSelect, 'role'> & PermissionRow,
): AuthContext => ({ ...ids, role: user.role, permissions: permissionsOfRow(user) });

/** The session behind a token, or the reason it is refused (unauthenticated / session_expired). */
export type Authenticator = (token: string | null) => Promise<AuthContext>;

/**
 * Checks tokens against their sessions, read from the database or remembered from an earlier check (see
 * session-cache.ts: a revoked session or a deactivated user is forgotten by every process at commit).
 */
export function createAuthenticator(db: Db, tokens: TokenService, sessions: SessionCache): Authenticator {
  return async (token) => {
    if (!token) throw new AppError('unauthenticated', 401);
    const claims = tokens.verify(token);
    if (!claims) throw new AppError('session_expired', 401);
    const now = Date.now();
    const known = sessions.get(claims.sid, now);
    if (known && known.userId === claims.sub && known.companyId === claims.cid) return known;
    const version = sessions.version();
    const [row] = await sessionStatement(db).execute({ sid: claims.sid, sub: claims.sub, cid: claims.cid });
    if (!row || row.revokedAt || row.expiresAt.getTime() <= now || !row.active) {
      throw new AppError('session_expired', 401);
    }
    const auth = authContext({ companyId: claims.cid, userId: claims.sub, sessionId: claims.sid }, row);
    sessions.remember(version, auth, row.expiresAt.getTime(), now);
    return auth;
  };
}

export function registerAuth(app: FastifyInstance, authenticate: Authenticator, db: Db): void {
  app.decorateRequest('auth', null);
  app.decorate('tenantDb', db);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    if (!route.url?.startsWith('/api/') || route.config.public) return;
    request.auth = await authenticate(bearerToken(request));
    if (route.config.ability) authorize(request.auth, route.config.ability);
  });
}

/** Refuses (403) who lacks the ability; for checks that depend on the input (a body that changes the
 * responsible, a message with files), services call it where the input is known. */
export function authorize(auth: Pick<AuthContext, 'role' | 'permissions'>, ability: Ability): void {
  if (!may(auth, ability)) throw forbidden();
}

/** The tenant context of an authenticated request, what a route hands its service. */
export function tenantContext(request: FastifyRequest): TenantContext {
  if (!request.auth) throw new AppError('unauthenticated', 401);
  return { ...request.auth, db: request.server.tenantDb };
}
