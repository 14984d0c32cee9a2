// The Center's audit log (/center/audit): what happened to the company's security, newest first. One generic
// event shape — a kind, when, who did it (when someone signed in did), whom or what it concerns, from which
// address, and the kind's details — so later kinds (admin actions) add a name and texts, not a schema.
import { z } from 'zod';
import { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE } from './constants.ts';
import { Id, text, Timestamp } from './common.ts';
import { commaSeparated } from './lists.ts';

export const AUDIT_KINDS = [
  /** Failed logins started slowing an account down (issue 19, finding 6); once per throttling episode. */
  'login_throttled',
  /**
   * Who changed what in the Center's catalogues: subject is the entry's name, details name the catalogue and
   * the entry (and, for a move, its new place; for an edit, the name it had).
   */
  'catalogue_created',
  'catalogue_updated',
  'catalogue_moved',
  'catalogue_archived',
  'catalogue_unarchived',
  /** An administrator changed the white-label: one event per field, with what it was and what it became. */
  'branding_changed',
  /**
   * Who changed a team: subject is the team's name; details name the team and what changed (its previous
   * name, how many members and segments it has).
   */
  'team_created',
  'team_updated',
  'team_archived',
  'team_unarchived',
  /**
   * Someone exported a conversation (spec "export conversation"): the actor, subject the contact's name,
   * details the contact, the format, the period and how many messages went out.
   */
  'conversation_exported',
  /**
   * The product's super administrator acted on the company (issue 21 item 6): created, suspended or reactivated
   * it, or opened / closed a support session as one of its users. Written in the company's own log, so its
   * administrators see who came in; actor_id is the super administrator (a user of another company), subject
   * their username; details name the impersonated user and when the session expires.
   */
  'company_created',
  'company_suspended',
  'company_reactivated',
  'impersonation_started',
  'impersonation_ended',
  /**
   * An administrator's change of a user (Center "Usuários"): subject is the user's username, details name the
   * user and, for an edit, each changed field's previous and new value.
   */
  'user_created',
  'user_updated',
  'user_deactivated',
  'user_reactivated',
  'user_password_reset',
  /** A one-time password reset link made for the user (subject); the link itself is never logged. */
  'user_reset_link_created',
  /** A CSV import of users (issue 21 item 1): details count them and name them (usernames, comma-separated). */
  'users_imported',
  /** An administrator changed the company's settings: one event per setting, with what it was and became. */
  'company_settings_changed',
  /** The retention job purged the company's old messages and files: details count what went. */
  'retention_purged',
  /**
   * An administrator changed what the company calls critical (Center › Empresa): one event per part of the
   * rule (details.field unanswered_minutes or high_priority), with what it was and became; subject the actor.
   */
  'critical_rule_changed',
  /**
   * A super administrator changed a product-wide setting (survey period, changelog and who sees it): one event
   * per setting, with what it was and became (roles comma-separated), in their own company's log — the product
   * has no log of its own; subject the actor.
   */
  'product_settings_changed',
] as const;
export const AuditKind = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof AuditKind>;

export const AuditDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof AuditDetails>;

export const AuditEvent = z.object({
  id: Id,
  at: Timestamp,
  kind: AuditKind,
  actor_id: Id.nullable(),
  /** The actor's name now (null for what the system saw happen, or an actor since removed). */
  actor_name: z.string().nullable(),
  subject: z.string().nullable(),
  client_ip: z.string().nullable(),
  details: AuditDetails,
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_SIZE),
    /** The last event of the previous page (ids are UUIDv7: they sort as the events happened). */
    cursor: Id.optional(),
    /** Only events of these kinds (comma-separated). */
    kind: commaSeparated(AuditKind, AUDIT_KINDS.length).optional(),
    /** Only what this user did. */
    actor: Id.optional(),
    /** Only events at or after `from` and before `to`; the period is refused when it ends before it starts. */
    from: Timestamp.optional(),
    to: Timestamp.optional(),
    /**
     * Free text, whatever its case: events whose subject holds it, done by a user whose name holds it, or of a
     * kind whose name (user_updated: "user updated") holds it — or of one of `search_kinds`, the kinds whose
     * label in the reader's language holds it (the client has the labels).
     */
    search: text(100).optional(),
    search_kinds: commaSeparated(AuditKind, AUDIT_KINDS.length).optional(),
    /** Newest first (default) or oldest first; the cursor pages on in the same direction. */
    direction: z.enum(['desc', 'asc']).default('desc'),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: 'audit_invalid_period',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({ data: z.array(AuditEvent), next_cursor: Id.nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
