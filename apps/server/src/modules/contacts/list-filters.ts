// The list's combinable filters (issue 20, item 6) as SQL conditions with placeholders, and the values bound
// to them. A filter's several values are one array parameter, so a list's prepared statement differs only by
// which filters are present (`filterShape`), never by how many values each has.
import { UNASSIGNED, type ContactFilters } from '@atende/contract';
import { isNull, sql, type SQL } from 'drizzle-orm';
import {
  contactChannels,
  contacts,
  contactWallets,
  teamMembers,
  teamWallets,
} from '../../db/schema/index.ts';
import { param } from '../../platform/db/prepared.ts';
import { priorityRank } from './presenter.ts';

/** The filters that filter something: present and, for lists, not empty. */
export function activeFilters(filters: ContactFilters): ContactFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(
      ([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  ) as ContactFilters;
}

/** Responsible ids apart from the "unassigned" choice. */
const responsibleIds = (values: string[]) => values.filter((value) => value !== UNASSIGNED);

/** Which filters a statement holds (and, for responsibles, which of ids and "unassigned"): its name part. */
export function filterShape(filters: ContactFilters): string {
  const active = activeFilters(filters);
  return Object.keys(active)
    .sort()
    .map((name) => {
      if (name !== 'responsible') return name;
      const values = active.responsible!;
      return `responsible(${responsibleIds(values).length > 0 ? 'ids' : ''}${values.includes(UNASSIGNED) ? '+none' : ''})`;
    })
    .join(',');
}

/** A PostgreSQL array literal of values the contract has validated (uuids, enum names, small numbers). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** The values bound to the placeholders of `filterConditions`. */
export function filterValues(filters: ContactFilters): Record<string, unknown> {
  const f = activeFilters(filters);
  const values: Record<string, unknown> = {};
  if (f.status) values.f_status = arrayLiteral(f.status);
  if (f.channel) values.f_channel = arrayLiteral(f.channel);
  if (f.segment) values.f_segment = arrayLiteral(f.segment);
  if (f.responsible && responsibleIds(f.responsible).length > 0) {
    values.f_responsible = arrayLiteral(responsibleIds(f.responsible));
  }
  if (f.tag) values.f_tag = f.tag;
  if (f.priority) values.f_priority = arrayLiteral(f.priority.map(priorityRank));
  if (f.critical !== undefined) values.f_critical = f.critical;
  if (f.team) values.f_team = arrayLiteral(f.team);
  return values;
}

/**
 * The conditions of the active filters, AND-combined by the caller. Each reads the contact row or, for
 * channels, segments and teams, probes the contact's own few rows by their indexes (contact id first).
 */
export function filterConditions(filters: ContactFilters): SQL[] {
  const f = activeFilters(filters);
  const conditions: SQL[] = [];
  if (f.status) {
    conditions.push(sql`${contacts.status} = any(${param('f_status')}::conversation_status[])`);
  }
  if (f.channel) {
    conditions.push(sql`exists (select 1 from ${contactChannels}
      where ${contactChannels.contactId} = ${contacts.id}
        and ${contactChannels.kind} = any(${param('f_channel')}::channel_kind[]))`);
  }
  if (f.segment) {
    conditions.push(sql`exists (select 1 from ${contactWallets}
      where ${contactWallets.contactId} = ${contacts.id}
        and ${contactWallets.walletId} = any(${param('f_segment')}::uuid[]))`);
  }
  if (f.responsible) {
    const ids = responsibleIds(f.responsible).length > 0;
    const none = f.responsible.includes(UNASSIGNED);
    const byId = sql`${contacts.responsibleId} = any(${param('f_responsible')}::uuid[])`;
    conditions.push(
      ids && none
        ? sql`(${byId} or ${isNull(contacts.responsibleId)})`
        : ids
          ? byId
          : isNull(contacts.responsibleId),
    );
  }
  if (f.tag) conditions.push(sql`lower(${contacts.tag}) = lower(${param('f_tag')})`);
  if (f.priority) conditions.push(sql`${contacts.priority} = any(${param('f_priority')}::int2[])`);
  if (f.critical !== undefined) conditions.push(sql`${contacts.critical} = ${param('f_critical')}::bool`);
  if (f.team) {
    // The team's people are few: the responsible is compared with them (a semi-join on a small set), the
    // contact's segments probed by contact id as the segment filter does. Both keep to the contact's company.
    conditions.push(sql`(${contacts.responsibleId} in (select ${teamMembers.userId} from ${teamMembers}
        where ${teamMembers.teamId} = any(${param('f_team')}::uuid[])
          and ${teamMembers.companyId} = ${contacts.companyId})
      or exists (select 1 from ${contactWallets} join ${teamWallets}
          on ${teamWallets.walletId} = ${contactWallets.walletId}
          and ${teamWallets.teamId} = any(${param('f_team')}::uuid[])
          and ${teamWallets.companyId} = ${contacts.companyId}
        where ${contactWallets.contactId} = ${contacts.id}))`);
  }
  return conditions;
}

/** The combinable filters of a list query (its other fields: the list, ordering and page). */
export const filtersOf = (query: ContactFilters): ContactFilters => ({
  status: query.status,
  channel: query.channel,
  segment: query.segment,
  responsible: query.responsible,
  tag: query.tag,
  priority: query.priority,
  critical: query.critical,
  team: query.team,
});
