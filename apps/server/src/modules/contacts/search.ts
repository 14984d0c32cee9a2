// Contact search by one parameter (spec §2): identifiers by prefix, phones by their last digits, names and
// events by a fragment.
import { PHONE_KINDS, type SearchParameter } from '@atende/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { contactChannels, contacts, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { phoneSearchPrefix } from './addresses.ts';
import { normaliseDocument } from './documents.ts';

const prefix = (value: string) => `${escapeLike(value)}%`;
const fragment = (value: string) => `%${escapeLike(value.toLowerCase())}%`;

const channelExists = (condition: SQL) =>
  sql`exists (select 1 from ${contactChannels} where ${contactChannels.contactId} = ${contacts.id} and ${condition})`;

export function searchCondition(ctx: TenantContext, parameter: SearchParameter, value: string): SQL {
  switch (parameter) {
    case 'document':
      return sql`${contacts.document} like ${prefix(normaliseDocument(value))}`;
    case 'code':
      return sql`${contacts.code} like ${prefix(value)}`;
    case 'protocol':
      return sql`${contacts.protocol} like ${prefix(value)}`;
    case 'tag':
      return sql`lower(${contacts.tag}) = ${value.toLowerCase()}`;
    case 'phone': {
      const digits = phoneSearchPrefix(value);
      if (digits.length < 3) return sql`false`;
      return channelExists(
        and(
          inArray(contactChannels.kind, [...PHONE_KINDS]),
          sql`${contactChannels.addressDigitsReversed} like ${prefix(digits)}`,
        )!,
      );
    }
    case 'email':
      return channelExists(
        and(
          eq(contactChannels.kind, 'email'),
          sql`${contactChannels.address} like ${prefix(value.toLowerCase())}`,
        )!,
      );
    case 'name':
      return sql`lower(${contacts.name}) like ${fragment(value)}`;
    case 'last_event':
      return sql`lower(${contacts.lastEvent}) like ${fragment(value)}`;
    case 'responsible':
      return sql`${contacts.responsibleId} in (select ${users.id} from ${users}
        where ${users.companyId} = ${ctx.companyId} and lower(${users.name}) like ${fragment(value)})`;
  }
}
