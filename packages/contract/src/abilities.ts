// What each role and permission flag may do (spec §6): the one table the server authorises routes with and
// the web reads (GET /api/user `abilities`) to hide what a user may not do. Row rules that depend on the row
// itself (a phrase's author, a thread's privacy, a contact's responsible) stay in the server's policy.ts files
// and start from these abilities.
import { z } from 'zod';
import type { Role } from './enums.ts';
import type { Permissions } from './user.ts';

const SUPERVISING = ['super_admin', 'admin', 'supervisor'] as const satisfies readonly Role[];
const ADMINISTERING = ['super_admin', 'admin'] as const satisfies readonly Role[];

/** A rule grants an ability to the listed roles, or to whoever holds the flag, or to both when both are set. */
type AbilityRule = { roles?: readonly Role[]; flag?: keyof Permissions };

export const ABILITY_RULES = {
  /** Create a contact (the new-contact modal). */
  'contacts.create': { flag: 'create_contacts' },
  /** Change a contact's responsible attendant. */
  'contacts.change_responsible': { flag: 'change_responsible' },
  /** Resolve or assign several conversations at once from the list. */
  'conversations.bulk': { roles: SUPERVISING },
  /** See every contact of the company, not only one's own and the unassigned queue. */
  'contacts.see_all': { roles: SUPERVISING },
  /** Attach files to messages. */
  'messages.send_files': { flag: 'send_files' },
  /** Read colleagues' private threads and change any thread's privacy. */
  'threads.see_private': { roles: SUPERVISING },
  /** Plan, change and remove returns of contacts bound to a colleague. */
  'schedules.manage_any': { roles: SUPERVISING },
  /** Open the Center (configuration and supervision). */
  'center.open': { roles: SUPERVISING },
  /** Configure the company's channel accounts. */
  'channels.manage': { roles: ADMINISTERING },
  /** See the company's catalogues in the Center (pause reasons, event actions, segments, jokers, call reasons). */
  'catalogues.read': { roles: SUPERVISING },
  /** Create, edit, order and archive the company's catalogues' entries. */
  'catalogues.manage': { roles: ADMINISTERING },
  /** Set the company's settings and what it calls critical (the critical rule). */
  'company.configure': { roles: ADMINISTERING },
  /** Configure the company's AI provider and read its usage. */
  'ai.configure': { roles: ADMINISTERING },
  /** Change the company's white-label (logos, favicon, colours, product name). */
  'branding.manage': { roles: ADMINISTERING },
  /** Read the company's audit log (security events such as throttled logins). */
  'audit.read': { roles: ADMINISTERING },
  /** See teams in the Center: administrators every team, supervisors the teams they supervise (policy). */
  'teams.read': { roles: SUPERVISING },
  /** Create and archive teams, choose their supervisors, and change any team. */
  'teams.manage': { roles: ADMINISTERING },
  /** Administer the product: every company (create, suspend, usage), product-wide settings, support sessions. */
  'product.manage': { roles: ['super_admin'] },
  /** See the company's users in the Center (list and detail). */
  'users.read': { roles: SUPERVISING },
  /** Create, edit, deactivate and reactivate users, reset their passwords, set their flags, import them. */
  'users.manage': { roles: ADMINISTERING },
  /** Read the satisfaction survey's answers: administrators their company's, super administrators every one. */
  'surveys.read': { roles: ADMINISTERING },
  /** Send broadcasts. */
  'broadcasts.send': { flag: 'broadcast' },
  /** Create and change pipelines. */
  'pipelines.manage': { flag: 'pipelines_admin' },
  /** See every pipeline whoever it is given to, delete any card, edit and delete anyone's comments. */
  'pipelines.moderate': { roles: SUPERVISING },
  /** Create, run and watch power-dial campaigns (issue 27). */
  'campaigns.manage': { roles: SUPERVISING },
  /** Place and take calls with the softphone. */
  'voice.use': { flag: 'voice' },
  /** See colleagues' analytics. */
  'analytics.see_others': { flag: 'analytics_others' },
  /** See who of the company is paused now, why and since when (live, in the Center). */
  'pauses.monitor': { roles: SUPERVISING },
  /** The live monitor: attendants' presence, pauses, calls and loads, and the queue (issue 28). */
  'monitor.read': { roles: SUPERVISING },
  /** Read the company's settings in the Center (time zone, hours, service level, retention…). */
  'company.read': { roles: SUPERVISING },
  /** Answer the company's wishlist suggestions and move their status (the Center's moderation). */
  'suggestions.moderate': { roles: ADMINISTERING },
  /**
   * Publish, change and delete changelog versions: super administrators those of the product (every company
   * reads them), administrators those of their own company (policy in the changelog module).
   */
  'changelog.manage': { roles: ADMINISTERING },
  /** See every call of the company (the Center's call records), not only one's own customers'. */
  'calls.see_all': { roles: SUPERVISING },
} as const satisfies Record<string, AbilityRule>;

export type Ability = keyof typeof ABILITY_RULES;
export const ABILITIES = Object.keys(ABILITY_RULES) as Ability[];
export const AbilityName = z.enum(ABILITIES as [Ability, ...Ability[]]);

/** Who is asking: the role and the user's own permission flags. */
export type Grantee = { role: Role; permissions: Permissions };

export function may(grantee: Grantee, ability: Ability): boolean {
  const rule: AbilityRule = ABILITY_RULES[ability];
  if (rule.roles && !rule.roles.includes(grantee.role)) return false;
  if (rule.flag && !grantee.permissions[rule.flag]) return false;
  return true;
}

/** The abilities a user holds, in the table's order (what GET /api/user answers). */
export const abilitiesOf = (grantee: Grantee): Ability[] =>
  ABILITIES.filter((ability) => may(grantee, ability));

/** The permission flags a new user of each role gets (README "Roles and default permissions"). */
const SUPERVISING_DEFAULTS: Permissions = {
  create_contacts: true,
  send_files: true,
  change_responsible: true,
  broadcast: true,
  pipelines_admin: true,
  voice: true,
  analytics_others: true,
};
const DEFAULT_PERMISSIONS: Record<Role, Permissions> = {
  super_admin: SUPERVISING_DEFAULTS,
  admin: SUPERVISING_DEFAULTS,
  supervisor: { ...SUPERVISING_DEFAULTS, pipelines_admin: false },
  attendant: {
    create_contacts: true,
    send_files: true,
    change_responsible: false,
    broadcast: false,
    pipelines_admin: false,
    voice: true,
    analytics_others: false,
  },
};

export const defaultPermissions = (role: Role): Permissions => ({ ...DEFAULT_PERMISSIONS[role] });
